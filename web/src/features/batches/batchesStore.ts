import { proxy, ref, subscribe, useSnapshot } from "valtio";
import {
  approveAllOutlines,
  approveDrafts,
  approveOutline as approveOutlineRequest,
  confirmDraftLanguage,
  BATCHES_FAILURE_MESSAGE,
  cancelDraftBatch,
  type DraftBatchDetail,
  type DraftBatchSummary,
  getDraftBatch,
  listDraftBatches,
  regenerateDraft,
  rejectDraft,
  retryFailedDrafts,
  setReviewRequired,
} from "./data/draftBatches";
import { applyDripSchedule, type DripRule } from "./data/dripSchedule";
import { notifyError, notifySuccess } from "../../lib/notify";
import { sessionState } from "../auth/index";

/** How often an open Batches screen asks for progress while drafts are being written. */
export const POLL_INTERVAL_MS = 2_000;

type Ref<T extends object> = ReturnType<typeof ref<T>>;

type BatchesState = {
  /** The Batches list; null until first loaded. Replaced whole on every refresh. */
  list: Ref<DraftBatchSummary[]> | null;
  listError: string | null;
  /** The batch on screen: null until loaded; `missing` when the user has no such batch. */
  detail: { id: string; batch: Ref<DraftBatchDetail> | null; missing: boolean } | null;
  detailError: string | null;
  /** An action under way on the batch on screen (buttons show it and wait). */
  busy: "cancel" | "retry" | "approve" | "review" | "schedule" | "reject" | "regenerate" | "outline" | null;
};

export const batchesState = proxy<BatchesState>({
  list: null,
  listError: null,
  detail: null,
  detailError: null,
  busy: null,
});

let owner = sessionState.user?.id ?? null;
/** Bumped when the user changes; an answer to a request made before that is dropped. */
let ownerEpoch = 0;

/** Security: batches belong to the user who loaded them; another sign-in on the same tab must not see them. */
subscribe(sessionState, () => {
  const current = sessionState.user?.id ?? null;
  if (current === owner) return;
  owner = current;
  ownerEpoch += 1;
  Object.assign(batchesState, { list: null, listError: null, detail: null, detailError: null, busy: null });
});

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Whether any job of the batch may still change by itself (queued or being drafted). */
export const isOpen = (batch: Pick<DraftBatchSummary, "progress">) =>
  batch.progress.queued + batch.progress.drafting > 0;

export async function refreshBatchList(): Promise<void> {
  const epoch = ownerEpoch;
  try {
    const list = await listDraftBatches();
    if (epoch !== ownerEpoch) return;
    batchesState.list = ref(list);
    batchesState.listError = null;
  } catch (error) {
    if (epoch !== ownerEpoch) return;
    batchesState.listError = messageOf(error, BATCHES_FAILURE_MESSAGE);
  }
}

export async function refreshBatch(id: string): Promise<void> {
  const epoch = ownerEpoch;
  if (batchesState.detail?.id !== id) {
    batchesState.detail = { id, batch: null, missing: false };
    batchesState.detailError = null;
  }
  try {
    const batch = await getDraftBatch(id);
    if (epoch !== ownerEpoch || batchesState.detail?.id !== id) return;
    batchesState.detail = { id, batch: batch ? ref(batch) : null, missing: batch === null };
    batchesState.detailError = null;
  } catch (error) {
    if (epoch !== ownerEpoch || batchesState.detail?.id !== id) return;
    batchesState.detailError = messageOf(error, BATCHES_FAILURE_MESSAGE);
  }
}

/**
 * Polls `load` every POLL_INTERVAL_MS until the returned stop is called,
 * skipping turns while the tab is hidden. The screens watch only while a
 * batch has open jobs (polling: the database has no change feed locally).
 */
export function watch(load: () => Promise<void>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    if (document.visibilityState !== "hidden") await load();
    if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
  };
  timer = setTimeout(tick, POLL_INTERVAL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

async function act(
  busy: NonNullable<BatchesState["busy"]>,
  batchId: string,
  action: () => Promise<string | null>,
): Promise<boolean> {
  if (batchesState.busy) return false;
  batchesState.busy = busy;
  try {
    const success = await action();
    if (success) notifySuccess(success);
    return true;
  } catch (error) {
    notifyError(messageOf(error, "Something went wrong. Please try again."));
    return false;
  } finally {
    batchesState.busy = null;
    await refreshBatch(batchId);
  }
}

export function cancelBatch(batchId: string) {
  return act("cancel", batchId, async () => {
    const { cancelled } = await cancelDraftBatch(batchId);
    return cancelled === 1 ? "1 queued idea cancelled" : `${cancelled} queued ideas cancelled`;
  });
}

export function retryFailed(batchId: string) {
  return act("retry", batchId, async () => {
    const { requeued } = await retryFailedDrafts(batchId);
    return requeued === 1 ? "1 failed idea queued again" : `${requeued} failed ideas queued again`;
  });
}

export function approve(batchId: string, articleIds: readonly string[]) {
  return act("approve", batchId, async () => {
    const approved = await approveDrafts(articleIds);
    return approved === 1 ? "Draft approved" : `${approved} drafts approved`;
  });
}

export function confirmLanguage(batchId: string, articleId: string) {
  return act("approve", batchId, async () => {
    await confirmDraftLanguage(articleId);
    return "Language confirmed: the draft can be approved";
  });
}

export function reject(batchId: string, articleId: string) {
  return act("reject", batchId, async () => {
    await rejectDraft(articleId);
    return "Draft rejected and deleted";
  });
}

export function regenerate(batchId: string, jobId: string) {
  return act("regenerate", batchId, async () => {
    await regenerateDraft(jobId);
    return "The idea is being drafted again";
  });
}

/** One idea's outline approved, as edited (`headings`) or as it stands: it is drafted next. */
export function approveOutline(batchId: string, jobId: string, headings: string[] | null) {
  return act("outline", batchId, async () => {
    await approveOutlineRequest(jobId, headings);
    return "Outline approved: the idea is being drafted";
  });
}

export function approveOutlines(batchId: string) {
  return act("outline", batchId, async () => {
    const { approved } = await approveAllOutlines(batchId);
    return approved === 1 ? "1 outline approved" : `${approved} outlines approved`;
  });
}

export function changeReview(batchId: string, reviewRequired: boolean) {
  return act("review", batchId, async () => {
    await setReviewRequired(batchId, reviewRequired);
    return reviewRequired ? "Drafts of this batch wait for your approval" : "Review turned off for this batch";
  });
}

export function scheduleDrip(batchId: string, articleIds: readonly string[], rule: DripRule) {
  return act("schedule", batchId, async () => {
    const scheduled = await applyDripSchedule(articleIds, rule);
    return scheduled.length === 1 ? "1 draft scheduled" : `${scheduled.length} drafts scheduled`;
  });
}

export function useBatchList() {
  const { list, listError } = useSnapshot(batchesState);
  return { list, listError };
}

export function useBatchDetail() {
  const { detail, detailError, busy } = useSnapshot(batchesState);
  return { detail, detailError, busy };
}
