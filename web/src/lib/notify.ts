type Toastify = typeof import("react-toastify");

let toastify: Promise<Toastify> | undefined;
const requestListeners = new Set<() => void>();

/**
 * react-toastify is loaded on first use so it stays off the critical path of
 * the first page. Toasts raised before the container has mounted are queued
 * by react-toastify and shown once it mounts.
 */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import("react-toastify");
    for (const listener of requestListeners) listener();
  }
  return toastify;
}

/** Whether anything has asked for react-toastify yet (the app mounts the toast area then). */
export function toastifyRequested(): boolean {
  return toastify !== undefined;
}

export function onToastifyRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => {
    requestListeners.delete(listener);
  };
}

/** Identical messages share one toast instead of stacking. */
export function notifySuccess(message: string): void {
  void loadToastify().then(({ toast }) => toast.success(message, { toastId: message }));
}

export function notifyError(message: string): void {
  void loadToastify().then(({ toast }) => toast.error(message, { toastId: message }));
}
