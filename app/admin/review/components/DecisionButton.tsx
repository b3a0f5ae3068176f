import { useId, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { COMMENT_MAX_LENGTH } from "./limits";

interface DecisionButtonProps {
  fetcher: FetcherWithComponents<unknown>;
  /** The route that answers the decision (the queue or the review page). */
  action: string;
  decision: "publish" | "discard";
  revisionId: number;
  /** The item as the dialog names it ("the blog post “Study permits”"). */
  itemName: string;
  /** Publish over a live version that changed since the proposal (after comparing both). */
  replaceLive?: boolean;
  label?: string;
  /** What else publishing does, said in the dialog ("This will mail 214 subscribers: …"). */
  note?: string | null;
  size?: "sm" | "md";
  disabled?: boolean;
}

/**
 * Publish or Discard, confirmed in a dialog that names the item and what will happen, with an
 * optional comment for the person who proposed it (it goes into their mail).
 */
export function DecisionButton({ fetcher, action, decision, revisionId, itemName, replaceLive, label, note, size = "sm", disabled }: DecisionButtonProps) {
  const [comment, setComment] = useState("");
  const commentId = useId();
  const publish = decision === "publish";
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={publish ? "primary" : "secondary"} size={size} disabled={disabled} onClick={() => setComment("")}>
          {label ?? (publish ? "Publish" : "Discard")}
          <span className="sr-only"> {itemName}</span>
        </Button>
      }
      title={publish ? "Publish this change?" : "Discard this change?"}
      description={
        publish
          ? `The proposed change to ${itemName} goes live at once: visitors see it, and the person who proposed it is told.${note ? ` ${note}` : ""}`
          : `The proposed change to ${itemName} is discarded: the live version stays as it is, and the person who proposed it is told.`
      }
      confirmLabel={publish ? "Publish change" : "Discard change"}
      destructive={!publish}
      onConfirm={() => fetcher.submit({ intent: decision, revision: String(revisionId), comment, ...(replaceLive ? { replaceLive: "1" } : {}) }, { method: "post", action })}
    >
      <label htmlFor={commentId} className="mt-4 block text-sm font-medium text-slate-800">
        Comment for the proposer (optional)
      </label>
      <textarea
        id={commentId}
        name="comment"
        value={comment}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(event) => setComment(event.target.value)}
        rows={3}
        className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
      />
    </ConfirmDialog>
  );
}
