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

/**
 * A long request under way: an indeterminate bar, what is happening and the
 * seconds elapsed. Screen readers hear `label` once; the ticking seconds are
 * hidden from them so the status region does not chatter every second.
 */
export function ElapsedProgress({ label, startedAt, hint }: { label: string; startedAt: number; hint?: string }) {
  const seconds = useElapsedSeconds(startedAt);
  return (
    <div className="elapsed-progress" role="status">
      <progress aria-label={label} />
      <p>
        {label} <span aria-hidden="true">{seconds} s</span>
      </p>
      {hint && <small>{hint}</small>}
    </div>
  );
}
