import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Server data as a screen holds it. While the same key loads again (a
 * reload), what was shown before stays in `data`, so a list does not blink;
 * a new key starts empty, so nothing of another query is shown as this one's.
 */
export type Resource<T> =
  | { status: "loading"; data?: T }
  | { status: "ready"; data: T }
  | { status: "failed"; error: unknown; data?: T };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  /** The data once loaded (also while loading again); undefined before. */
  data: T | undefined;
  loading: boolean;
  /** Asks again with the same key. */
  reload(): void;
  /** Shows a local change at once (e.g. after a delete) without asking the server. */
  setData(update: (data: T) => T): void;
}

/**
 * The one way a screen loads server data. `load` is called again whenever a
 * value in `key` changes or `reload()` is called; only the latest request's
 * answer is ever shown: an earlier one (or any after the screen has gone) is
 * dropped, and its request is told to stop through the signal. `load: null`
 * waits (e.g. until the user is known). `onError` runs once per failed
 * request that is still the latest.
 */
export function useResource<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  key: readonly unknown[],
  options: { onError?(error: unknown): void } = {},
): ResourceHandle<T> {
  const [resource, setResource] = useState<Resource<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef<{ load: typeof load; onError?: (error: unknown) => void }>({ load, onError: options.onError });
  latest.current = { load, onError: options.onError };
  const waiting = load === null;
  const shownKey = useRef<readonly unknown[] | null>(null);

  useEffect(() => {
    const run = latest.current.load;
    if (!run) return;
    const sameKey = shownKey.current !== null && shownKey.current.every((part, index) => Object.is(part, key[index]));
    shownKey.current = key;
    const controller = new AbortController();
    setResource((previous) => (sameKey ? { status: "loading", data: previous.data } : { status: "loading" }));
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResource({ status: "ready", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResource((previous) => ({ status: "failed", error, data: previous.data }));
        latest.current.onError?.(error);
      },
    );
    return () => controller.abort();
    // The key is the dependency list by contract; `load` is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, attempt, ...key]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback((update: (data: T) => T) => {
    setResource((previous) => (previous.data === undefined ? previous : { ...previous, data: update(previous.data) }));
  }, []);

  return { resource, data: resource.data, loading: resource.status === "loading", reload, setData };
}
