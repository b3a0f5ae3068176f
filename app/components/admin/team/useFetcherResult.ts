import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/** Call `onResult` once for each answer a fetcher gets (after the page data has reloaded). */
export function useFetcherResult<T>(fetcher: FetcherWithComponents<T>, onResult: (result: T) => void): void {
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
