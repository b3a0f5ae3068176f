import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * When staff save a text, member or post, open pages reload their data (server-sent events).
 * The stream first names the server's current data version: a page rendered before a change
 * it did not hear about (it was still loading when the change happened) reloads at once.
 */
export function useLiveUpdates(renderedVersion: string | undefined): void {
  const revalidator = useRevalidator();
  const version = useRef(renderedVersion);
  useEffect(() => {
    version.current = renderedVersion;
  }, [renderedVersion]);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/events");
    const onVersion = (event: MessageEvent<string>) => {
      if (event.data !== version.current) void revalidator.revalidate();
    };
    const onChange = () => void revalidator.revalidate();
    source.addEventListener("version", onVersion);
    source.addEventListener("change", onChange);
    return () => source.close();
    // The revalidator object changes identity on every state change; subscribe once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
