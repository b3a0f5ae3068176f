/**
 * Runs `run` once, after the page's first contentful paint has been presented and its load
 * event has fired (the text, the hero image and the stylesheet are in), or at once in a tab
 * that is or goes into the background, where frames never come. A request started earlier
 * competes with what the visitor is waiting for on a phone's connection.
 *
 * Inline scripts embed this function's source (`${afterFirstPaint}`), so it must not refer to
 * anything outside itself.
 */
export function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (document.visibilityState === "hidden") return once();
  document.addEventListener("visibilitychange", once, { once: true });
  // Two things to wait for: the first contentful paint and the load event.
  let waiting = 2;
  const arrived = () => {
    if (--waiting === 0) setTimeout(once, 0);
  };
  if (document.readyState === "complete") arrived();
  else window.addEventListener("load", arrived, { once: true });
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      arrived();
    });
    observer.observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(arrived);
}
