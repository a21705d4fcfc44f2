export type Throttled<A> = {
  /** Runs at once if `intervalMs` has passed since the last run, else once at the end of the interval with the latest argument. */
  (argument: A): void;
  /** Drops a run still waiting. */
  cancel(): void;
};

/** Leading and trailing throttle: the first call runs immediately, later ones at most once per interval, the last one always. */
export function throttle<A>(run: (argument: A) => void, intervalMs: number): Throttled<A> {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: A;

  const fire = () => {
    timer = undefined;
    lastRun = performance.now();
    run(latest);
  };
  const throttled = (argument: A) => {
    latest = argument;
    if (timer !== undefined) return;
    const wait = lastRun + intervalMs - performance.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
