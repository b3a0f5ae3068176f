import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatPostDate } from "~/blog/dates";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { AdminPostListItem } from "../../../blog/manage.server";
import { InstagramActions, InstagramBadge } from "./InstagramStatus";
import { historyPath } from "~/admin/kit/history-paths";
import { ScheduledBadge } from "./PostSchedule";

interface Props {
  post: AdminPostListItem;
  deleting: boolean;
  onDelete: (id: number) => void;
  sendingToInstagram?: boolean;
  onPostToInstagram?: (id: number) => void;
}

/** One post in the Blog Posts tab: title, excerpt, status and its actions. */
export function PostListItem({ post, deleting, onDelete, sendingToInstagram = false, onPostToInstagram = () => {} }: Props) {
  return (
    <li className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between ${deleting ? "opacity-50" : ""}`} aria-busy={deleting || undefined}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold break-words text-slate-900">{post.title}</h3>
          {post.published ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>}
          {post.awaitingReview && !post.published ? <Badge tone="warning">Awaiting review</Badge> : null}
          {post.pendingRevision ? (
            <Link to={historyPath("post", post.id)} className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
              <Badge tone="warning">Change waiting for review</Badge>
            </Link>
          ) : null}
          {post.publishAt && !post.published ? <ScheduledBadge publishAt={post.publishAt} /> : null}
          <InstagramBadge social={post.instagram} />
          {post.toReview > 0 ? (
            <Badge tone="info">
              {post.toReview} {post.toReview === 1 ? "translation" : "translations"} to review
            </Badge>
          ) : null}
        </div>
        {post.instagram.status === "error" && post.instagram.error ? (
          <p className="mt-1 text-sm text-red-800">
            <span className="font-semibold">Instagram: </span>
            {post.instagram.error}
          </p>
        ) : null}
        {post.excerpt ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">{post.excerpt}</p> : <p className="mt-1 text-sm text-slate-600 italic">No excerpt yet.</p>}
        <p className="mt-1 text-xs text-slate-600">
          <span dir="ltr">/blog/{post.slug}</span>
          {post.publishedAt ? (
            <>
              {" · "}
              <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, "en")}</time>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {post.published ? (
          <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")}>
            <ExternalLink aria-hidden className="size-4" />
            View<span className="sr-only"> “{post.title}” on the site (opens in a new tab)</span>
          </a>
        ) : null}
        <InstagramActions post={post} sending={sendingToInstagram} onPost={onPostToInstagram} />
        <Link to={`/admin/dashboard/blog/${post.id}`} className={buttonClass("secondary", "sm")}>
          <Pencil aria-hidden className="size-4" />
          Edit<span className="sr-only"> “{post.title}”</span>
        </Link>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" disabled={deleting}>
              <Trash2 aria-hidden className="size-4" />
              Delete<span className="sr-only"> “{post.title}”</span>
            </Button>
          }
          title="Delete post"
          description="Are you sure you want to delete this post?"
          confirmLabel="Delete"
          onConfirm={() => onDelete(post.id)}
        />
      </div>
    </li>
  );
}
