import { useId, useRef, useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

interface Props extends ButtonProps {
  /** The question, naming the item ("Publish the change to “Study permits”?"). */
  title: string;
  /** What will happen, in a sentence or two. */
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Offer the optional comment for the proposer (sent as the form's `comment`, at most this many characters). */
  commentMax?: number;
}

/**
 * A form's submit button that asks first (decision 0087: Publish change, Discard and Restore name
 * the item and what will happen). Without JavaScript the button posts the form as it is.
 */
export function ConfirmSubmit({ title, description, confirmLabel, destructive = false, commentMax, children, ...button }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState("");
  const commentId = useId();
  return (
    <>
      {/* The dialog is outside the form (a portal): the comment travels in the form's own field. */}
      {commentMax ? <input type="hidden" name="comment" value={comment} /> : null}
      <Button
        ref={ref}
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        destructive={destructive}
        onConfirm={() => {
          setOpen(false);
          ref.current?.form?.requestSubmit(ref.current);
        }}
      >
        {commentMax ? (
          <>
            <label htmlFor={commentId} className="block text-sm font-medium text-slate-800">
              Comment for the proposer (optional)
            </label>
            <textarea
              id={commentId}
              value={comment}
              maxLength={commentMax}
              onChange={(event) => setComment(event.target.value)}
              rows={3}
              className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
