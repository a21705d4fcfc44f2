/** A page that paints nothing (a background tab, say) still runs its tasks after this long. */
const FALLBACK_MS = 2000;

/**
 * Runs `task` once, after the page's first contentful paint, so that whatever
 * it loads does not compete with that paint. Without paint timing it runs
 * after the next frame.
 */
export function afterFirstPaint(task: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, FALLBACK_MS);
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length) run();
    });
    observer.observe({ type: "paint", buffered: true });
  } else if (typeof requestAnimationFrame === "function") {
    requestAnimationFrame(() => setTimeout(run, 0));
  }
}
