import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

interface UnsavedChangesGuardProps {
  /** True while there are edits that are not saved. */
  dirty: boolean;
  title: string;
  description: string;
  leaveLabel: string;
  stayLabel?: string;
}

/**
 * Asks before unsaved edits are thrown away: a link to another page of the admin opens the
 * confirm dialog, and a reload or closing the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ dirty, title, description, leaveLabel, stayLabel = "Stay" }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={title}
      description={description}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
    />
  );
}
