import { useRef, useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

interface Props extends ButtonProps {
  /** The question, naming the item ("Publish the change to “Study permits”?"). */
  title: string;
  /** What will happen, in a sentence or two. */
  description: string;
  confirmLabel: string;
  destructive?: boolean;
}

/**
 * A form's submit button that asks first (decision 0087: Publish change, Discard and Restore name
 * the item and what will happen). Without JavaScript the button posts the form as it is.
 */
export function ConfirmSubmit({ title, description, confirmLabel, destructive = false, children, ...button }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
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
      />
    </>
  );
}
