import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { ArrowLeft, History } from "lucide-react";
import { data, Link } from "react-router";
import { findPost, postReviewStates, postToFormValues } from "~/blog/manage.server";
import { type PostFormInput } from "~/blog/post-schema";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { parseId } from "~/admin/kit/ids";
import { requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostEditor } from "~/admin/blog/components/PostEditor";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/blog-edit-route";
import { intents } from "./edit-actions.server";
import { pendingFor } from "~/revisions/store.server";
import { historyPath } from "~/admin/kit/history-paths";

// The admin page is English; the Farsi and Chinese inputs still deserve their fonts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(`${loaded ? `Edit: ${loaded.values.title}` : "Edit post"} | Admin Dashboard`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = parseId(params.id);
  const post = id ? await findPost(context.services.db, id) : null;
  if (!post) throw data("Post not found", { status: 404 });
  return {
    id: post.id,
    version: post.version,
    values: postToFormValues(post),
    review: await postReviewStates(context.services.db, post),
    everPublished: post.firstPublishedAt !== null,
    publishAt: post.publishAt?.toISOString() ?? null,
    pendingRevision: (await pendingFor(context.services.db, "post", [post.id])).get(String(post.id))?.id ?? null,
  };
}

// The editor's save form carries no intent field (it also works without JavaScript).
export const action = adminAction(intents, { intentOf: (form) => String(form.get("intent") ?? "save") });

export default function BlogEditPage({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript a refused save comes back as actionData: keep what was typed.
  const refused = actionData && !actionData.ok ? ((actionData.values as PostFormInput | undefined) ?? null) : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/admin/dashboard" className={buttonClass("ghost", "sm", "-ms-3")}>
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          All posts
        </Link>
        <Link to={historyPath("post", loaderData.id)} className={buttonClass("ghost", "sm")}>
          <History aria-hidden className="size-4" />
          History
        </Link>
      </div>
      {loaderData.pendingRevision ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Change waiting for review.</strong> A machine-made change of this post waits for a reviewer; visitors see the version below until it is published.{" "}
          <Link to={historyPath("post", loaderData.id)} className="font-medium underline">
            Review the change
          </Link>
        </p>
      ) : null}
      <PostEditor
        // A different post (or a no-JavaScript round trip) starts a fresh form.
        key={`${loaderData.id}:${refused ? "refused" : "stored"}`}
        postId={loaderData.id}
        initialValues={refused ?? loaderData.values}
        storedValues={loaderData.values}
        storedSlug={loaderData.values.slug}
        storedPublished={loaderData.values.published}
        review={loaderData.review}
        version={loaderData.version}
        everPublished={loaderData.everPublished}
        publishAt={loaderData.publishAt}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the post" notFound={{ title: "Post not found", text: "It may have been deleted.", back: { to: "/admin/dashboard", label: "Back to Blog Posts" } }} />;
}
