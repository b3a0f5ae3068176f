import { useEffect, useRef } from "react";

/**
 * Run `onResult` once for each answer a fetcher receives (e.g. to show a toast), after the
 * fetcher has settled. Each answer is a new object, so the same answer never fires twice.
 */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, onResult: (data: T) => void): void {
  const seen = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
