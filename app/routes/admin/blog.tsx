import { Plus } from "lucide-react";
import { readForm } from "~/form-data.server";
import { useEffect } from "react";
import { data, redirect, useFetcher } from "react-router";
import { toast } from "sonner";
import { createDraft, deletePost, listAllPosts, parsePostId } from "~/admin/blog/posts.server";
import { requireAdminAction, requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostListItem } from "~/components/admin/blog/PostListItem";
import { useFetcherResult } from "~/components/admin/blog/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  try {
    return { posts: await listAllPosts(context.services.db), loadError: null };
  } catch (error) {
    context.services.log.error({ err: error }, "admin: loading blog posts failed");
    return { posts: [], loadError: "The posts could not be read. Please reload the page." };
  }
}

type ActionResult = { ok: true; intent: "delete" } | { ok: false; intent: "create" | "delete" | "unknown"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminAction(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const { log } = context.services;

  if (intent === "create") {
    try {
      const post = await createDraft(context.services, user);
      return redirect(`/admin/dashboard/blog/${post.id}`);
    } catch (error) {
      log.error({ err: error }, "admin: creating a draft failed");
      return data<ActionResult>({ ok: false, intent: "create", message: "The new post could not be created. Please try again." }, { status: 500 });
    }
  }

  if (intent === "delete") {
    const id = parsePostId(String(form.get("id") ?? ""));
    if (!id) return data<ActionResult>({ ok: false, intent: "delete", message: "Unknown post." }, { status: 400 });
    try {
      const deleted = await deletePost(context.services, user, id);
      if (!deleted) return data<ActionResult>({ ok: false, intent: "delete", message: "This post was already deleted." }, { status: 404 });
      return data<ActionResult>({ ok: true, intent: "delete" });
    } catch (error) {
      log.error({ err: error, id }, "admin: deleting a post failed");
      return data<ActionResult>({ ok: false, intent: "delete", message: "The post could not be deleted. Please try again." }, { status: 500 });
    }
  }

  return data<ActionResult>({ ok: false, intent: "unknown", message: "Unknown action." }, { status: 400 });
}

export default function BlogPostsTab({ loaderData }: Route.ComponentProps) {
  const { posts, loadError } = loaderData;
  const creator = useFetcher<ActionResult>({ key: "create-post" });
  // The delete fetcher lives here, not in the row: the row is gone by the time the answer arrives.
  const deleter = useFetcher<ActionResult>({ key: "delete-post" });
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : null;

  useEffect(() => {
    if (loadError) toast.error("Error loading posts", { description: loadError });
  }, [loadError]);

  useFetcherResult(deleter, (result) => {
    if (result.ok) toast.success("Deleted!", { description: "Blog post removed." });
    else toast.error("Error deleting", { description: result.message });
  });
  useFetcherResult(creator, (result) => {
    if (!result.ok) toast.error("Error saving", { description: result.message });
  });

  return (
    <section aria-labelledby="blog-posts-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="blog-posts-heading" className="text-xl font-semibold text-slate-900">
            Blog Posts
          </h2>
          <p className="text-sm text-slate-600">
            {posts.length === 1 ? "1 post" : `${posts.length} posts`}, newest first. Drafts are never shown on the public site.
          </p>
        </div>
        <creator.Form method="post">
          <input type="hidden" name="intent" value="create" />
          <Button type="submit" disabled={creator.state !== "idle"}>
            <Plus aria-hidden className="size-4" />
            {creator.state !== "idle" ? "Creating…" : "New Post"}
          </Button>
        </creator.Form>
      </div>

      <Card>
        {posts.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-700">{loadError ? "The posts could not be loaded." : "No blog posts yet. Create the first one with New Post."}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {posts.map((post) => (
              <PostListItem
                key={post.id}
                post={post}
                deleting={deletingId === post.id}
                onDelete={(id) => deleter.submit({ intent: "delete", id: String(id) }, { method: "post" })}
              />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
