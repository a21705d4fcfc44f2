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

type Kind = "success" | "error" | "info";

let sequence = 0;
/** The toast showing each message now. */
const showing = new Map<string, string>();

/**
 * Every call shows its toast, also when the same message is on screen: that
 * one is dismissed and the message shown again as a new toast (announced
 * again, its timer new), so repeating an action visibly repeats its answer
 * without stacking copies.
 */
function show(kind: Kind, message: string): void {
  void loadToastify().then(({ toast }) => {
    const previous = showing.get(message);
    if (previous !== undefined) toast.dismiss(previous);
    sequence += 1;
    const toastId = `toast-${sequence}`;
    showing.set(message, toastId);
    toast[kind](message, {
      toastId,
      onClose: () => {
        if (showing.get(message) === toastId) showing.delete(message);
      },
    });
  });
}

let errorsMuted = false;

export function notifySuccess(message: string): void {
  show("success", message);
}

export function notifyError(message: string): void {
  if (!errorsMuted) show("error", message);
}

export function notifyInfo(message: string): void {
  show("info", message);
}

/**
 * Drops error toasts until the user next presses a key or a pointer. Used
 * when a session ends: requests in flight then fail with it, and their
 * errors would only repeat the notice. What the user does next reports its
 * errors as usual.
 */
export function muteErrorsUntilUserActs(): void {
  if (errorsMuted) return;
  errorsMuted = true;
  const unmute = () => {
    errorsMuted = false;
    window.removeEventListener("pointerdown", unmute, true);
    window.removeEventListener("keydown", unmute, true);
  };
  window.addEventListener("pointerdown", unmute, true);
  window.addEventListener("keydown", unmute, true);
}
