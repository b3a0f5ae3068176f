import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { ArrowLeft, History } from "lucide-react";
import { data, Link } from "react-router";
import { findPost, postReviewStates, postToFormValues } from "~/blog/manage.server";
import { type PostFormInput } from "~/blog/post-schema";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { parseId } from "~/admin/kit/ids";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostEditor } from "~/admin/blog/components/PostEditor";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/blog-edit-route";
import { intents } from "./edit-actions.server";
import { pendingFor } from "~/revisions/store.server";
import { SOURCE_LABELS } from "~/revisions/types";
import type { PostSnapshot } from "~/blog/revisions.server";
import { historyPath } from "~/admin/kit/history-paths";
import { useCan } from "~/admin/kit/can";
import { useFirmClock } from "~/admin/kit/firm-clock";
import { OutdatedNotice } from "~/admin/kit/OutdatedBadge";
import { outdatedLanguages } from "~/translation/outdated.server";
import { newsletterReport } from "~/newsletter/report.server";
import { audienceOfPublish } from "~/newsletter/audience.server";
import { shownAudience } from "~/admin/kit/audience";
import { userCan } from "~/auth/guard.server";
import { PostNewsletter } from "~/admin/blog/components/PostNewsletter";

// The admin page is English; the Farsi and Chinese inputs still deserve their fonts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(`${loaded ? `Edit: ${loaded.values.title}` : "Edit post"} | Admin Dashboard`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "posts.edit");
  const id = parseId(params.id);
  const post = id ? await findPost(context.services.db, id) : null;
  if (!post) throw data("Post not found", { status: 404 });
  const pending = (await pendingFor(context.services.db, "post", [post.id])).get(String(post.id)) ?? null;
  // A change made from this very version opens in the form for review (decision 0063); one made
  // before a later save is compared on its History page instead, so nothing is overwritten unseen.
  const inForm = pending && pending.baseVersion === post.version ? pending : null;
  return {
    id: post.id,
    version: post.version,
    values: postToFormValues(post),
    reviewStates: await postReviewStates(context.services.db, post),
    outdated: (await outdatedLanguages(context.services.db, "post", [post.id])).get(String(post.id)) ?? {},
    everPublished: post.firstPublishedAt !== null,
    publishAt: post.publishAt?.toISOString() ?? null,
    pendingRevision: pending?.id ?? null,
    sendNewsletter: post.sendNewsletter,
    publishedWithout: post.newsletterClaimedAt === null && (post.published || post.firstPublishedAt !== null),
    newsletter: await newsletterReport(context.services.db, post.id),
    // Subscriber counts are client data (decision 0090): only roles that see subscribers get the numbers (decision 0098).
    audience: shownAudience(await audienceOfPublish(context.services.db, post.id), userCan(user, "inbox.read")),
    review: inForm ? { id: inForm.id, source: SOURCE_LABELS[inForm.source], note: inForm.note, values: postToFormValues({ ...post, ...(inForm.snapshot as PostSnapshot) }) } : null,
  };
}

// The editor's save form carries no intent field (it also works without JavaScript).
export const action = adminAction(intents, { permission: "posts.edit", intentOf: (form) => String(form.get("intent") ?? "save") });

export default function BlogEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const canSignOff = useCan("changes.publish");
  const clock = useFirmClock();
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
      {loaderData.review ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Change waiting for review.</strong> The form below shows the change ({loaderData.review.source}
          {loaderData.review.note ? `: ${loaderData.review.note}` : ""}); visitors still see the live version.{" "}
          {canSignOff ? "Read it, then Save Post to publish it, or" : "A lawyer publishes it; Propose change replaces it with your version, or"}{" "}
          <Link to={historyPath("post", loaderData.id)} className="font-medium underline">
            compare or discard it in the History
          </Link>
          .
        </p>
      ) : loaderData.pendingRevision ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Change waiting for review.</strong> A change of this post waits for a lawyer, but the post was saved since it was made; visitors see the version below.{" "}
          <Link to={historyPath("post", loaderData.id)} className="font-medium underline">
            Compare both and choose
          </Link>
        </p>
      ) : null}
      <OutdatedNotice outdated={loaderData.outdated} noun="post" firmTime={clock.firmTime} />
      <PostEditor
        // A different post (or a no-JavaScript round trip) starts a fresh form.
        key={`${loaderData.id}:${refused ? "refused" : "stored"}:${loaderData.review?.id ?? ""}`}
        postId={loaderData.id}
        initialValues={refused ?? loaderData.review?.values ?? loaderData.values}
        reviewing={refused ? null : (loaderData.review?.id ?? null)}
        storedValues={loaderData.values}
        storedSlug={loaderData.values.slug}
        storedPublished={loaderData.values.published}
        review={loaderData.reviewStates}
        version={loaderData.version}
        everPublished={loaderData.everPublished}
        publishAt={loaderData.publishAt}
      />
      <PostNewsletter postId={loaderData.id} sendNewsletter={loaderData.sendNewsletter} report={loaderData.newsletter} audience={loaderData.audience} publishedWithout={loaderData.publishedWithout} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the post" notFound={{ title: "Post not found", text: "It may have been deleted.", back: { to: "/admin/dashboard", label: "Back to Blog Posts" } }} />;
}
