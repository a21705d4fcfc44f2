import { useEffect, useState } from "react";
import "./ElapsedProgress.css";

/** Whole seconds since `startedAt` (epoch ms), updated every second. */
export function useElapsedSeconds(startedAt: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

type Running = { label: string; startedAt: number };

function RunningRequest({ label, startedAt, hint }: Running & { hint?: string }) {
  const seconds = useElapsedSeconds(startedAt);
  return (
    <>
      <progress aria-label={label} />
      <p>
        {label} <span aria-hidden="true">{seconds} s</span>
      </p>
      {hint && <small>{hint}</small>}
    </>
  );
}

/**
 * A status region for a long request: while `running`, an indeterminate bar,
 * what is happening and the seconds elapsed. The region is always present so
 * screen readers announce the request when it starts; they hear the label
 * once, as the ticking seconds are hidden from them.
 */
export function ElapsedProgress({ running, hint }: { running: Running | null; hint?: string }) {
  return (
    <div className="elapsed-progress" role="status">
      {running && <RunningRequest {...running} hint={hint} />}
    </div>
  );
}
