import faFont from "@fontsource/vazirmatn/400.css?url";
import { readForm } from "~/form-data.server";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { findPost, parsePostId, postToFormValues, savePost } from "~/admin/blog/posts.server";
import { postValuesFromForm } from "~/admin/blog/post-schema";
import { requireAdminAction, requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostEditor, type SavePostAnswer } from "~/components/admin/blog/PostEditor";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/blog-edit";

// The admin page is English; the Farsi and Chinese inputs still deserve their fonts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(`${loaded ? `Edit: ${loaded.values.title}` : "Edit post"} | Admin Dashboard`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = parsePostId(params.id);
  const post = id ? await findPost(context.services.db, id) : null;
  if (!post) throw data("Post not found", { status: 404 });
  return { id: post.id, values: postToFormValues(post) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminAction(request, context);
  const id = parsePostId(params.id);
  if (!id) throw data("Post not found", { status: 404 });
  const values = postValuesFromForm(await readForm(request));
  try {
    const result = await savePost(context.services, user, id, values);
    if (!result.ok) return data<SavePostAnswer>({ ok: false, message: result.message, errors: result.errors, values }, { status: result.status });
    return data<SavePostAnswer>({ ok: true, values: postToFormValues(result.post) });
  } catch (error) {
    context.services.log.error({ err: error, id }, "admin: saving a post failed");
    return data<SavePostAnswer>({ ok: false, message: "The post could not be saved. Please try again.", errors: {}, values }, { status: 500 });
  }
}

export default function BlogEditPage({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript a refused save comes back as actionData: keep what was typed.
  const refused = actionData && !actionData.ok ? actionData.values : null;
  return (
    <div className="space-y-4">
      <Link to="/admin/dashboard" className={buttonClass("ghost", "sm", "-ms-3")}>
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        All posts
      </Link>
      <PostEditor
        // A different post (or a no-JavaScript round trip) starts a fresh form.
        key={`${loaderData.id}:${refused ? "refused" : "stored"}`}
        postId={loaderData.id}
        initialValues={refused ?? loaderData.values}
        storedValues={loaderData.values}
        storedSlug={loaderData.values.slug}
        storedPublished={loaderData.values.published}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 404
      ? ["Post not found", "It may have been deleted."]
      : status === 401
        ? ["Your session has ended", "Please sign in again; unsaved changes could not be kept."]
        : status === 403
          ? ["Access Denied", "You don't have admin privileges."]
          : ["The post could not be loaded", "Please reload the page or try again later."];
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-700">{text}</p>
      {status === 401 ? (
        <a href="/admin/login" className={buttonClass("primary")}>
          Sign in
        </a>
      ) : (
        <Link to="/admin/dashboard" className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          Back to Blog Posts
        </Link>
      )}
    </div>
  );
}
