import type { BatchDraft } from "./data/draftBatches";

/** Whether a draft's language is still to be confirmed before it may be approved (the database refuses it until then). */
export const languageHeld = (draft: Pick<BatchDraft, "languageFlag">) =>
  draft.languageFlag != null && draft.languageFlag.confirmedAt === null;
