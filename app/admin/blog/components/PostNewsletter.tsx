import { Mail } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Switch } from "~/components/ui/switch";
import { Label } from "~/components/ui/field";
import { useFetcherResult } from "~/admin/kit/hooks";
import { useCan } from "~/admin/kit/can";
import type { NewsletterSwitchResult } from "~/admin/blog/edit-actions.server";
import type { SendReport } from "~/newsletter/report.server";
import { audienceSentence, type ShownAudience } from "~/admin/kit/audience";
import { PostMailPreview } from "./PostMailPreview";

interface Props {
  postId: number;
  sendNewsletter: boolean;
  report: SendReport | null;
  /** Who the next publish would mail (null: nobody). */
  audience?: ShownAudience | null;
  /** Published before without the newsletter: the switch no longer changes anything (decision 0108). */
  publishedWithout?: boolean;
}

/**
 * The post's newsletter (decision 0081): the "Send to subscribers" switch until the post is sent
 * (it takes effect when the post is published), then the send report.
 */
export function PostNewsletter({ postId, sendNewsletter, report, audience = null, publishedWithout = false }: Props) {
  const fetcher = useFetcher<NewsletterSwitchResult>({ key: `newsletter-post-${postId}` });
  const [on, setOn] = useState(sendNewsletter);
  const canPublish = useCan("posts.publish");
  const id = useId();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      setOn(sendNewsletter);
      return void toast.error(answer.error, { description: answer.reason });
    }
    setOn(answer.sendNewsletter);
    toast.success("Saved", { description: answer.sendNewsletter ? "Subscribers get this post by mail when it is published." : "This post will not be mailed to subscribers." });
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Mail aria-hidden className="size-4" />
        Newsletter
      </h2>
      {audience ? (
        <p className="text-sm font-medium text-amber-900" data-testid="newsletter-audience">
          {audienceSentence(audience)}
        </p>
      ) : null}
      {report ? (
        report.waitingForDigest ? (
          <p className="text-sm text-slate-700">Waits for the next weekly digest.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5" aria-label="Send report">
            {(
              [
                ["Queued", report.queued],
                ["Sent", report.sent],
                ["Failed", report.failed],
                ["Not sent (left, bouncing)", report.notSent],
                ["Unsubscribed since", report.unsubscribedSince],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )
      ) : (
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-switch`}
            checked={on}
            disabled={!canPublish || publishedWithout || fetcher.state !== "idle"}
            aria-describedby={`${id}-hint`}
            onCheckedChange={(checked) => {
              setOn(checked);
              void fetcher.submit({ intent: "newsletter", sendNewsletter: String(checked) }, { method: "post" });
            }}
          />
          <Label htmlFor={`${id}-switch`} className="mb-0">
            Send to subscribers
          </Label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {publishedWithout ? "This post was published without the newsletter: it is never mailed." : "When the post is first published, once: a re-publish or an edit never sends again."}
          </p>
        </div>
      )}
      <PostMailPreview postId={postId} />
    </section>
  );
}
