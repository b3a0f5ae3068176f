import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef } from "react";
import { buttonClass } from "./button";

interface ConfirmDialogProps {
  /** The element that opens the dialog (rendered as the trigger); none when `open` drives it. */
  trigger?: React.ReactNode;
  /** Opened by its owner instead of a trigger (e.g. a blocked navigation). */
  open?: boolean;
  /** Called when the dialog closes without confirming (Cancel, Escape, a click outside). */
  onCancel?: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
  /** More of the dialog under the description (an optional comment field, a choice that goes with the confirmation). */
  children?: React.ReactNode;
}

/** A modal confirmation (focus trapped, Escape cancels) instead of window.confirm. */
export function ConfirmDialog({ trigger, open, onCancel, title, description, confirmLabel, cancelLabel = "Cancel", onConfirm, destructive = true, children }: ConfirmDialogProps) {
  // Closing by confirming also reports a close: only a close without it is a cancel.
  const confirming = useRef(false);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !confirming.current) onCancel?.();
        confirming.current = false;
      }}
    >
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(destructive ? "destructive" : "primary")}
              onClick={() => {
                confirming.current = true;
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
