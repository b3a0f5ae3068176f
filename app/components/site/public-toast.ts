/**
 * Toasts on public pages. Loading sonner injects its stylesheet, which restyles the whole page
 * (15-30 ms of a phone's main thread), so neither the library nor the site layout's toast area
 * loads before a page first has something to say. A toast shown then waits for the area to be
 * mounted (sonner drops toasts published before its <Toaster> listens).
 */
import { useSyncExternalStore } from "react";

type ToastKind = "success" | "info" | "error";

let wanted = false;
const subscribers = new Set<() => void>();
/** Resolved while sonner's <Toaster> is mounted and listening. */
let mounted: Promise<void>;
let markMounted: () => void;
const awaitMount = () => {
  mounted = new Promise<void>((resolve) => (markMounted = resolve));
};
awaitMount();

export function showToast(kind: ToastKind, message: string): void {
  if (!wanted) {
    wanted = true;
    for (const notify of subscribers) notify();
  }
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => toast[kind](message));
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};

/** Whether the site layout should mount its toast area (false until the first toast). */
export function useToastAreaWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => false);
}

/** For an effect placed after sonner's <Toaster>: it now listens; toasts may be published. */
export function toastAreaMounted(): () => void {
  markMounted();
  return awaitMount;
}
