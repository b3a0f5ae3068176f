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
  let painted = false;
  let loaded = document.readyState === "complete";
  const whenReady = () => {
    if (painted && loaded) setTimeout(once, 0);
  };
  if (!loaded)
    window.addEventListener(
      "load",
      () => {
        loaded = true;
        whenReady();
      },
      { once: true },
    );
  const onPaint = () => {
    painted = true;
    whenReady();
  };
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      onPaint();
    });
    observer.observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(onPaint);
}
