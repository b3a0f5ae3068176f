import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** When staff save a text, member or post, open pages reload their data (server-sent events). */
export function useLiveUpdates(): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/events");
    const onChange = () => revalidator.revalidate();
    source.addEventListener("change", onChange);
    return () => source.close();
    // The revalidator object changes identity on every state change; subscribe once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
