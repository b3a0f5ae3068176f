import { CircleAlert, CircleCheck, CircleDashed, ExternalLink, Loader2, Send } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import type { AdminPostListItem } from "../../../blog/manage.server";

type Social = AdminPostListItem["instagram"];

/** A badge whose tooltip keyboard users reach too (it takes the focus). */
function TooltipBadge({ tooltip, tone, children }: { tooltip: string; tone: "success" | "danger"; children: ReactNode }) {
  return (
    <Tooltip content={tooltip}>
      <span tabIndex={0} className="rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <Badge tone={tone}>{children}</Badge>
      </span>
    </Tooltip>
  );
}

/** SPEC 4's social status: Posted (tooltip 'Posted to Instagram'), Error (tooltip: the stored error), Not Posted; Posting while its job runs. */
export function InstagramBadge({ social }: { social: Social }) {
  if (social.status === "posted") {
    return (
      <TooltipBadge tooltip="Posted to Instagram" tone="success">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Posted
      </TooltipBadge>
    );
  }
  if (social.status === "error") {
    return (
      <TooltipBadge tooltip={social.error ?? "Failed to post"} tone="danger">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Error
      </TooltipBadge>
    );
  }
  if (social.status === "posting") {
    return (
      <Badge tone="info">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        Posting to Instagram…
      </Badge>
    );
  }
  return (
    <Badge tone="neutral">
      <CircleDashed aria-hidden="true" className="size-3.5" />
      Not Posted
    </Badge>
  );
}

/** The link to the Instagram post (when it has an id) and the Post button (published, not posted, with a featured image). */
export function InstagramActions({ post, sending, onPost }: { post: AdminPostListItem; sending: boolean; onPost: (id: number) => void }) {
  const social = post.instagram;
  return (
    <>
      {social.postId && social.permalink ? (
        <a href={social.permalink} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")}>
          <ExternalLink aria-hidden className="size-4" />
          Instagram<span className="sr-only"> post of “{post.title}” (opens in a new tab)</span>
        </a>
      ) : null}
      {/* SPEC 3: offered only when not posted, with a featured image, and (the issue) published: never refused after the click. */}
      {social.status !== "posted" && social.status !== "posting" && post.published && post.hasFeaturedImage ? (
        <Button variant="secondary" size="sm" disabled={sending} onClick={() => onPost(post.id)}>
          {sending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Send aria-hidden className="size-4" />}
          Post<span className="sr-only"> “{post.title}” to Instagram</span>
        </Button>
      ) : null}
    </>
  );
}

/**
 * While a post is being sent, the list reloads every 2 seconds; when one settles, a toast says
 * how it went ('Failed to post' with the reason, or posted).
 */
export function useInstagramProgress(posts: AdminPostListItem[]) {
  const revalidator = useRevalidator();
  const before = useRef(new Map<number, Social["status"]>());
  const anyPosting = posts.some((post) => post.instagram.status === "posting");
  useEffect(() => {
    for (const post of posts) {
      const was = before.current.get(post.id);
      if (was === "posting" && post.instagram.status === "posted") toast.success("Posted to Instagram", { description: post.title });
      if (was === "posting" && post.instagram.status === "error") toast.error("Failed to post", { description: post.instagram.error ?? undefined });
      before.current.set(post.id, post.instagram.status);
    }
  }, [posts]);
  useEffect(() => {
    if (!anyPosting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [anyPosting, revalidator]);
}
