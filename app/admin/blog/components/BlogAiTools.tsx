import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { Languages, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useResultToast } from "~/admin/kit/hooks";
import { JobPanel } from "~/admin/kit/JobPanel";
import { ServiceNote, type ServiceState } from "~/admin/kit/ServiceNote";
import type { JobView } from "~/jobs/runner.server";
import type { BlogListActionResult } from "~/admin/blog/list-actions.server";

const ACTIONS = {
  "translate-all": {
    label: "Translate All Posts",
    Icon: Languages,
    title: "Translate all posts",
    // SPEC's question, then what happens (decision 0063).
    confirm:
      "This will translate all blog posts to Persian and Chinese. Continue? Translations a person wrote or reviewed are kept; on published posts the new translations wait for review before visitors see them.",
  },
  "regenerate-all": {
    label: "Regenerate All with AI",
    Icon: Sparkles,
    title: "Regenerate all posts",
    // SPEC's question, and what happens to published posts (decision 0063).
    confirm:
      "This will regenerate all blog posts with full 600-800 word articles. Continue? Published posts stay on the site unchanged: each rewrite waits as a change for review. Drafts are rewritten in place and marked Awaiting review.",
  },
} as const;
type BatchIntent = keyof typeof ACTIONS;

/** 'Translate All Posts' and 'Regenerate All with AI': each asks first, then starts a server job. */
export function BlogAiButtons() {
  const fetcher = useFetcher<BlogListActionResult>({ key: "blog-ai-batch" });
  const [asking, setAsking] = useState<BatchIntent | null>(null);
  useResultToast(fetcher, (result) =>
    (result.intent === "translate-all" || result.intent === "regenerate-all") && "attached" in result && result.attached
      ? ["Already running", "This job is already running: its progress is shown below."]
      : null,
  );
  return (
    <>
      {(Object.keys(ACTIONS) as BatchIntent[]).map((intent) => {
        const { label, Icon } = ACTIONS[intent];
        return (
          <Button key={intent} variant="secondary" onClick={() => setAsking(intent)} disabled={fetcher.state !== "idle"}>
            <Icon aria-hidden className="size-4" />
            {label}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        title={asking ? ACTIONS[asking].title : ""}
        description={asking ? ACTIONS[asking].confirm : ""}
        confirmLabel="Continue"
        destructive={asking === "regenerate-all"}
        onConfirm={() => {
          if (asking) void fetcher.submit({ intent: asking }, { method: "post" });
          setAsking(null);
        }}
      />
    </>
  );
}

const TITLES: Record<string, string> = { "blog.translate-all": "Translate all posts", "blog.regenerate-all": "Regenerate all posts with AI" };

/** The services the buttons need, and their jobs with live progress. */
export function BlogJobs({ jobs, ai, translator }: { jobs: JobView[]; ai: ServiceState; translator: ServiceState }) {
  const onFinished = useCallback((job: JobView) => {
    const translate = job.kind === "blog.translate-all";
    if (job.status === "done" && job.failed === 0) toast.success(translate ? "Translation complete" : "Posts regenerated", { description: job.message ?? undefined });
    else if (job.status === "done" || job.status === "failed")
      toast.error(translate ? "Failed to translate posts" : "Failed to regenerate posts", { description: job.message ?? undefined });
  }, []);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        <ServiceNote service="AI writing" state={ai} />
        <ServiceNote service="Translation" state={translator} />
      </div>
      <JobPanel jobs={jobs} title={(job) => TITLES[job.kind] ?? job.kind} onFinished={onFinished} />
    </div>
  );
}
