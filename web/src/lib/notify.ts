type Toastify = typeof import("react-toastify/unstyled");

let toastify: Promise<Toastify> | undefined;
const requestListeners = new Set<() => void>();

/**
 * react-toastify is loaded on first use so it stays off the critical path of
 * the first page. Toasts raised before the container has mounted are queued
 * by react-toastify and shown once it mounts. Its unstyled build: the default
 * one injects its CSS as an inline <style>, which the Content-Security-Policy
 * (style-src 'self') refuses; the CSS comes as a file instead (Toasts.tsx).
 */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import("react-toastify/unstyled");
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
