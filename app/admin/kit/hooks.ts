import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { Failure } from "./result";

/**
 * Run `onResult` once for each answer a fetcher receives (e.g. to show a toast), after the
 * fetcher has settled and the page data has reloaded. Each answer is a new object, so the same
 * answer never fires twice.
 */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, onResult: (result: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** A success toast: its title and description, or null for none. */
export type SuccessToast<T> = (result: T) => readonly [title: string, description?: string] | null;

/**
 * The admin's toasts for a fetcher's answers: a failure shows its title and reason; a success
 * shows what `success` says (SPEC 4: one visible toast, 5 seconds, set by the admin's toaster).
 */
export function useResultToast<T extends { ok: true } | Failure>(fetcher: { state: string; data: T | undefined }, success?: SuccessToast<Extract<T, { ok: true }>>, after?: (result: T) => void): void {
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      const shown = success?.(result as Extract<T, { ok: true }>);
      if (shown) toast.success(shown[0], shown[1] === undefined ? undefined : { description: shown[1] });
    } else {
      toast.error(result.error, { description: result.reason });
    }
    after?.(result);
  });
}
