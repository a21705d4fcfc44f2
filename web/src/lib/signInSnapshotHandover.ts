import { type RefObject, useEffect, useLayoutEffect, useState } from "react";

/**
 * Marks the build-time sign-in snapshot in index.html (signInSnapshot.tsx)
 * until the app has taken it over. The reveal script
 * (scripts/prerender/sign-in-reveal.js) holds back any submission of a form
 * inside an element so marked, and marks that form with
 * SUBMIT_REQUESTED_ATTRIBUTE; both scripts spell these names out.
 */
export const SNAPSHOT_ATTRIBUTE = "data-sign-in-snapshot";
const SUBMIT_REQUESTED_ATTRIBUTE = "data-submit-requested";

/** Whether #root holds the snapshot, shown: the app hydrates it rather than rendering anew. */
export function isSignInSnapshotShown(container: HTMLElement): boolean {
  return container.querySelector(`[${SNAPSHOT_ATTRIBUTE}]:not([hidden])`) !== null;
}

/**
 * Takes over the snapshot's form once the app has hydrated it: what was
 * typed before the app arrived (hydration keeps the elements and their
 * text, not the form's state) goes into the form's state before anything
 * can be clicked again, and a submission the visitor asked for meanwhile is
 * made once that state has rendered. Does nothing for a form the app
 * rendered itself.
 */
export function useSignInSnapshotHandover(
  formRef: RefObject<HTMLFormElement | null>,
  fill: (typed: Record<string, string>) => void,
): void {
  const [submitRequested, setSubmitRequested] = useState(false);
  useLayoutEffect(() => {
    const form = formRef.current;
    const snapshot = form?.closest(`[${SNAPSHOT_ATTRIBUTE}]`);
    if (!form || !snapshot) return;
    snapshot.removeAttribute(SNAPSHOT_ATTRIBUTE);
    const typed: Record<string, string> = {};
    for (const field of form.querySelectorAll("input")) {
      if (field.name && field.value) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) fill(typed);
    if (form.hasAttribute(SUBMIT_REQUESTED_ATTRIBUTE)) {
      form.removeAttribute(SUBMIT_REQUESTED_ATTRIBUTE);
      setSubmitRequested(true);
    }
  }, []); // once: the snapshot is taken over by the first render
  useEffect(() => {
    if (!submitRequested) return;
    setSubmitRequested(false);
    formRef.current?.requestSubmit();
  }, [submitRequested]);
}
