import { useEffect, useState } from "react";
import type { FixPlace } from "../backend/functionErrors";
import { RequestError } from "./RequestError";
import "./TaskStatus.css";

/** Whole seconds since `startedAt` (epoch ms), updated every second. */
export function useElapsedSeconds(startedAt: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

/** Work under way: what is happening, and since when (epoch ms). */
export type RunningTask = { label: string; startedAt: number };

/** The seconds since `startedAt`, ticking; hidden from screen readers, which would hear every tick. */
export function ElapsedSeconds({ startedAt }: { startedAt: number }) {
  const seconds = useElapsedSeconds(startedAt);
  return (
    <span className="task-status-seconds" aria-hidden="true">
      {seconds} s
    </span>
  );
}

function Running({ label, startedAt, hint }: RunningTask & { hint?: string }) {
  return (
    <>
      <progress aria-label={label} />
      <p>
        {label} <ElapsedSeconds startedAt={startedAt} />
      </p>
      {hint && <small>{hint}</small>}
    </>
  );
}

type TaskStatusProps = {
  /** The work under way, or nothing. */
  running: RunningTask | null | false;
  /** Said under the label while it runs ("This can take up to a minute…"). */
  hint?: string;
  /** What the last run came to, said in the status region when nothing runs ("Your article is ready…"). */
  done?: string;
  /** The last run's failure; shown (when nothing runs) until dismissed or the next run. */
  failure?: { message: string; fix?: FixPlace } | null;
  onDismiss?: () => void;
  /** Runs the failed work again ("Try again"). */
  onRetry?: () => void;
};

/**
 * The state of a long piece of work, where it was asked for: while it runs,
 * an indeterminate bar, what is happening and the seconds elapsed; when it
 * failed, the reason in place (an alert) with what fixes it (Try again, the
 * place to change a setting) until dismissed. The status region is always
 * present so screen readers announce the work when it starts; they hear the
 * label once, as the ticking seconds are hidden from them.
 */
export function TaskStatus({ running, hint, done, failure, onDismiss, onRetry }: TaskStatusProps) {
  return (
    <>
      <div className="task-status" role="status">
        {running ? <Running {...running} hint={hint} /> : done && <p className="task-status-done">{done}</p>}
      </div>
      {failure && !running && (
        <RequestError message={failure.message} fix={failure.fix} onDismiss={onDismiss} onRetry={onRetry} />
      )}
    </>
  );
}
