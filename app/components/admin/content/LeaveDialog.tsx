import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "~/components/ui/button";

interface LeaveDialogProps {
  open: boolean;
  count: number;
  onStay: () => void;
  onLeave: () => void;
}

/** Asked when staff leave the tab with unsaved entries. */
export function LeaveDialog({ open, count, onStay, onLeave }: LeaveDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Unsaved changes</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {count === 1 ? "1 entry has" : `${count} entries have`} unsaved changes. Leave this tab and discard them?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")} onClick={onStay}>
              Stay
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass("destructive")} onClick={onLeave}>
              Discard and leave
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
