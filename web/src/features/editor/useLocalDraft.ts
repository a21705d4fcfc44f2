import { useEffect, useRef, useState } from "react";
import {
  hashValues,
  readLocalDraft,
  removeLocalDraft,
  sameValues,
  writeLocalDraft,
  type DraftValues,
  type LocalDraft,
} from "./localDrafts";

/** How long typing must pause before the draft is written. */
export const LOCAL_DRAFT_DELAY_MS = 800;

export type DraftOffer<V extends DraftValues> = LocalDraft<V> & {
  /** The form started from other values when the draft was written (the article was saved since). */
  outdated: boolean;
};

/**
 * Keeps the form's `values` in localStorage under `storageKey` while they
 * differ from `initial` (what the form started from): written when typing
 * pauses, and at once when the page is hidden or the form unmounts (a
 * reload, a closed tab, a route change). A draft found when the form mounts
 * is offered back (`offer`) instead of being overwritten; until the user
 * restores or discards it nothing is written. `clear` removes the draft and
 * stops keeping one (after a successful save, or leaving on purpose).
 */
export function useLocalDraft<V extends DraftValues>(storageKey: string, initial: V, values: V) {
  const basedOn = useRef(hashValues(initial)).current;
  const [offer, setOffer] = useState<DraftOffer<V> | null>(() => {
    const stored = readLocalDraft(storageKey, initial);
    if (!stored || sameValues(stored.values, initial)) return null;
    return { ...stored, outdated: stored.basedOn !== basedOn };
  });
  const latest = useRef(values);
  latest.current = values;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const offerOpen = useRef(offer !== null);
  offerOpen.current = offer !== null;

  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (stopped.current || offerOpen.current) return;
    if (sameValues(latest.current, initial)) removeLocalDraft(storageKey);
    else writeLocalDraft(storageKey, { savedAt: new Date(), values: latest.current, basedOn });
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (stopped.current || offer) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushRef.current(), LOCAL_DRAFT_DELAY_MS);
  }, [values, offer]);

  useEffect(() => {
    const onHide = () => flushRef.current();
    window.addEventListener("pagehide", onHide);
    window.addEventListener("beforeunload", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("beforeunload", onHide);
      // Leaving the page some other way (Back, a redirect to sign in) keeps what was typed.
      if (timer.current !== undefined) flushRef.current();
    };
  }, []);

  return {
    offer,
    /** Hands back the offered values (the caller fills the form with them) and resumes keeping drafts. */
    restore(): V | null {
      const values = offer?.values ?? null;
      setOffer(null);
      return values;
    },
    /** Forgets the offered draft and resumes keeping drafts of the form as it is. */
    discard(): void {
      removeLocalDraft(storageKey);
      setOffer(null);
    },
    clear(): void {
      stopped.current = true;
      clearTimeout(timer.current);
      removeLocalDraft(storageKey);
      setOffer(null);
    },
  };
}
