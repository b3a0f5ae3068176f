import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef } from "react";
import type { Blocker } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** Asks before a navigation would throw away unsaved edits. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  // Closing by "Leave" also reports a close: only Stay, Escape or a click outside keep the page.
  const leaving = useRef(false);
  return (
    <AlertDialog.Root
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !leaving.current) blocker.reset?.();
        leaving.current = false;
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl rtl:translate-x-1/2">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            This post has changes that are not saved yet. If you leave now, they are lost.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Stay</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass("destructive")}
              onClick={() => {
                leaving.current = true;
                blocker.proceed?.();
              }}
            >
              Leave
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
