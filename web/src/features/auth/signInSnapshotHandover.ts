import { type RefObject, useEffect, useLayoutEffect, useState } from "react";

/**
 * Marks the build-time sign-in snapshot in index.html (signInSnapshot.tsx)
 * until the app has taken it over. The reveal script
 * (scripts/build/prerender/sign-in-reveal.js) holds back any submission of a form
 * inside an element so marked, marks that form with
 * SUBMIT_REQUESTED_ATTRIBUTE and its submit button busy; both scripts spell
 * these names out.
 */
export const SNAPSHOT_ATTRIBUTE = "data-sign-in-snapshot";
const SUBMIT_REQUESTED_ATTRIBUTE = "data-submit-requested";

type Handover = { typed: Record<string, string>; submitRequested: boolean };

/** What the snapshot held when the app took it over; for the first sign-in form the app renders. */
let pending: Handover | undefined;

function typedInto(element: Element): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const field of element.querySelectorAll("input")) if (field.name) typed[field.name] = field.value;
  return typed;
}

/**
 * Whether #root holds the snapshot, shown, for the app to hydrate (main.tsx)
 * rather than render anew. Keeps what was typed into it and whether a
 * submission was asked for, in case React renders the form anew all the same
 * (a hydration mismatch).
 */
export function takeOverSignInSnapshot(container: HTMLElement): boolean {
  const snapshot = container.querySelector(`[${SNAPSHOT_ATTRIBUTE}]:not([hidden])`);
  if (!snapshot) return false;
  pending = {
    typed: typedInto(snapshot),
    submitRequested: snapshot.querySelector(`[${SUBMIT_REQUESTED_ATTRIBUTE}]`) !== null,
  };
  return true;
}

/**
 * Takes over the snapshot's form once the app has rendered it: what was
 * typed before the app arrived (hydration keeps the elements and their text,
 * not the form's state) goes into the form's state before anything can be
 * clicked again, and a submission the visitor asked for meanwhile is made
 * once that state has rendered. Does nothing for a form the app rendered
 * without a snapshot.
 */
export function useSignInSnapshotHandover(
  formRef: RefObject<HTMLFormElement | null>,
  fill: (typed: Record<string, string>) => void,
): void {
  const [submitRequested, setSubmitRequested] = useState(false);
  useLayoutEffect(() => {
    const form = formRef.current;
    const handover = pending;
    if (!form || !handover) return;
    pending = undefined;
    // Hydrated: the same elements, with anything typed since main.tsx looked.
    const hydrated = form.closest(`[${SNAPSHOT_ATTRIBUTE}]`);
    hydrated?.removeAttribute(SNAPSHOT_ATTRIBUTE);
    const typed = Object.fromEntries(
      Object.entries(hydrated ? typedInto(form) : handover.typed).filter(([, value]) => value !== ""),
    );
    if (Object.keys(typed).length > 0) fill(typed);
    form.querySelector('[type="submit"]')?.removeAttribute("aria-busy");
    if (handover.submitRequested || form.hasAttribute(SUBMIT_REQUESTED_ATTRIBUTE)) {
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
