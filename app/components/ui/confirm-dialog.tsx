import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "./button";

interface ConfirmDialogProps {
  /** The element that opens the dialog (rendered as the trigger). */
  trigger: React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
}

/** A modal confirmation (focus trapped, Escape cancels) instead of window.confirm. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, cancelLabel = "Cancel", onConfirm, destructive = true }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass(destructive ? "destructive" : "primary")} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
