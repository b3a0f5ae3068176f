import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { RECENTLY_DELETED_PATH } from "~/admin/kit/history-paths";
import { toast } from "sonner";
import { listAllPosts } from "~/blog/manage.server";
import { regeneratePosts, translatePosts } from "~/blog/ai.server";
import { recentJobs } from "~/jobs/started.server";
import { BlogAiButtons, BlogJobs } from "~/admin/blog/components/BlogAiTools";
import { adminAction } from "~/admin/kit/action.server";
import { useResultToast } from "~/admin/kit/hooks";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostListItem } from "~/admin/blog/components/PostListItem";
import { postsBeingPosted } from "~/instagram/post.server";
import { useInstagramProgress } from "~/admin/blog/components/InstagramStatus";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AdminTab } from "~/admin/kit/AdminTab";
import type { Route } from "./+types/blog-list-route";
import { intents, type BlogListActionResult as ActionResult } from "./list-actions.server";

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "posts.edit");
  const { services } = context;
  const ai = {
    ai: { configured: services.ai.configured, message: services.ai.notConfiguredMessage },
    translator: { configured: services.translator.configured, provider: services.translator.provider, message: services.translator.notConfiguredMessage },
  };
  try {
    return { posts: await listAllPosts(services.db, await postsBeingPosted(services.db)), jobs: await recentJobs(services, [translatePosts.name, regeneratePosts.name]), ...ai, loadError: null };
  } catch (error) {
    services.log.error({ err: error }, "admin: loading blog posts failed");
    return { posts: [], jobs: [], ...ai, loadError: "The posts could not be read. Please reload the page." };
  }
}

export const action = adminAction(intents, { permission: "posts.edit" });

export default function BlogPostsTab({ loaderData }: Route.ComponentProps) {
  const { posts, jobs, ai, translator, loadError } = loaderData;
  // The delete fetcher lives here, not in the row: the row is gone by the time the answer arrives.
  const deleter = useFetcher<ActionResult>({ key: "delete-post" });
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : null;

  useEffect(() => {
    if (loadError) toast.error("Error loading posts", { description: loadError });
  }, [loadError]);

  useResultToast(deleter, () => ["Deleted!", "Blog post removed."]);
  const [reviewOnly, setReviewOnly] = useState(false);
  const toReview = posts.filter((post) => post.toReview > 0).length;
  const shown = reviewOnly ? posts.filter((post) => post.toReview > 0) : posts;
  // Posts being sent to Instagram: the list refreshes until their badge settles, with a toast.
  const instagram = useFetcher<ActionResult>({ key: "instagram-post" });
  useResultToast(instagram, () => ["Posting to Instagram", "The badge turns to Posted when Instagram has the post."]);
  useInstagramProgress(posts);
  const postingId = instagram.state !== "idle" ? Number(instagram.formData?.get("id")) : null;

  return (
    <AdminTab
      id="blog-posts-heading"
      title="Blog Posts"
      description={`${posts.length === 1 ? "1 post" : `${posts.length} posts`}, newest first. Drafts are never shown on the public site.`}
      actions={
        <>
          <BlogAiButtons />
          {/* An editor for an unsaved post: nothing is stored until its first save (decision 0065). */}
          <Link to="/admin/dashboard/blog/new" className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" />
            New Post
          </Link>
        </>
      }
    >
      <BlogJobs jobs={jobs} ai={ai} translator={translator} />

      <label className="inline-flex items-center gap-2 self-start text-sm text-slate-800">
        <input type="checkbox" checked={reviewOnly} onChange={(event) => setReviewOnly(event.target.checked)} className="size-4 accent-brand-700" />
        Translations to review only ({toReview})
      </label>
      <Link to={RECENTLY_DELETED_PATH} className="self-start text-sm text-brand-800 underline">
        Recently deleted posts, team members and topics
      </Link>

      <Card>
        {shown.length === 0 && reviewOnly ? (
          <p className="p-6 text-center text-sm text-slate-700">No post has a translation waiting for review.</p>
        ) : posts.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-700">{loadError ? "The posts could not be loaded." : "No blog posts yet. Create the first one with New Post."}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {shown.map((post) => (
              <PostListItem
                key={post.id}
                post={post}
                deleting={deletingId === post.id}
                sendingToInstagram={postingId === post.id}
                onPostToInstagram={(id) => instagram.submit({ intent: "instagram-post", id: String(id) }, { method: "post" })}
                onDelete={(id) => deleter.submit({ intent: "delete", id: String(id) }, { method: "post" })}
              />
            ))}
          </ul>
        )}
      </Card>
    </AdminTab>
  );
}
