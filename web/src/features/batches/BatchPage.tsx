import { Fragment, useEffect, useId, useState } from "react";
import { Link, useParams } from "wouter";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { RequestError } from "../../ui/RequestError";
import { ElapsedSeconds } from "../../ui/TaskStatus";
import { Spinner } from "../../ui/Spinner";
import type { BatchDraft, DraftBatchDetail, DraftJob } from "./data/draftBatches";
import { languageHeld } from "./draftLanguage";
import { formatDate, formatDateTime } from "../../lib/dates";
import {
  approve,
  approveOutlines,
  cancelBatch,
  changeReview,
  isOpen,
  refreshBatch,
  regenerate,
  retryFailed,
  useBatchDetail,
  watch,
} from "./batchesStore";
import { BatchProgress } from "./BatchProgress";
import { DraftReviewDialog } from "./DraftReviewDialog";
import { OutlineReviewDialog } from "./OutlineReviewDialog";
import { DripForm } from "./DripForm";
import { type ArticleReport, SeoChecksList, SeoScoreBadge, useDraftReports, useSeoState, useSeoWarningLevel } from "../seo/index";
import "./batches.css";

const JOB_STATUS_LABELS = {
  queued: "Queued",
  drafting: "Drafting…",
  outline_ready: "Outline to review",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
} as const;

function JobStatus({ job }: { job: DraftJob }) {
  if (job.status === "failed") {
    return (
      <>
        <strong className="job-failed">Failed</strong>
        {job.lastError && <small>{job.lastError}</small>}
      </>
    );
  }
  if (job.status === "queued" && job.lastError) {
    return (
      <>
        Queued
        <small>
          Retrying after attempt {job.attempts}: {job.lastError}
        </small>
      </>
    );
  }
  if (job.status === "drafting" && job.startedAt) {
    return (
      <>
        Drafting… <ElapsedSeconds startedAt={job.startedAt.getTime()} />
      </>
    );
  }
  return <>{JOB_STATUS_LABELS[job.status]}</>;
}

type ReviewProps = {
  job: DraftJob;
  draft: BatchDraft | undefined;
  busy: boolean;
  onReview(job: DraftJob, draft: BatchDraft): void;
  onReviewOutline(job: DraftJob): void;
  onRegenerate(job: DraftJob): void;
};

/** Where the idea's draft (or its outline) stands in the review, and the way to read it (or to draft a deleted one again). */
function Review({ job, draft, busy, onReview, onReviewOutline, onRegenerate }: ReviewProps) {
  if (job.status === "outline_ready") {
    return (
      <button type="button" disabled={busy} aria-label={`Review outline: ${job.idea}`} onClick={() => onReviewOutline(job)}>
        Review outline
      </button>
    );
  }
  if (!draft) {
    if (job.status !== "done") return null;
    return (
      <button
        type="button"
        className="secondary outline"
        disabled={busy}
        aria-label={`Draft again: ${job.idea}`}
        onClick={() => onRegenerate(job)}
      >
        Draft again
      </button>
    );
  }
  if (draft.status === "scheduled" && draft.scheduledFor) return <>Scheduled for {formatDateTime(draft.scheduledFor)}</>;
  if (draft.status === "published") return <>Published</>;
  const state = draft.approvedAt
    ? "Approved"
    : languageHeld(draft)
    ? "Language to check"
    : draft.approvalRequired
    ? "Waiting for approval"
    : "No review needed";
  return (
    <span className="review-cell">
      <small>{state}</small>
      <button
        type="button"
        className={draft.approvalRequired && !draft.approvedAt ? undefined : "secondary outline"}
        disabled={busy}
        aria-label={`Review ${draft.title}`}
        onClick={() => onReview(job, draft)}
      >
        Review
      </button>
    </span>
  );
}

/** Drafts that may be scheduled now, in the batch's order: still drafts, and approved or not under review. */
export function schedulableDrafts(batch: DraftBatchDetail): BatchDraft[] {
  const drafts = new Map(batch.drafts.map((draft) => [draft.id, draft]));
  return batch.jobs
    .map((job) => (job.articleId ? drafts.get(job.articleId) : undefined))
    .filter((draft): draft is BatchDraft => draft !== undefined)
    .filter((draft) => draft.status === "draft" && (draft.approvedAt !== null || !draft.approvalRequired));
}

/** A draft's SEO score, and a button that shows its checks in a row below. */
function DraftSeo({
  draft,
  report,
  warningLevel,
  open,
  controls,
  onToggle,
}: {
  draft: BatchDraft;
  report: ArticleReport | undefined;
  warningLevel: number;
  open: boolean;
  controls: string;
  onToggle(): void;
}) {
  if (!report) return <span aria-busy="true">Scoring…</span>;
  return (
    <span className="draft-seo">
      <SeoScoreBadge score={report.score} below={report.score !== null && report.score < warningLevel} />
      <button
        type="button"
        className="secondary outline"
        aria-expanded={open}
        aria-controls={open ? controls : undefined}
        aria-label={`SEO checks of ${draft.title}`}
        onClick={onToggle}
      >
        Checks
      </button>
    </span>
  );
}

type Reviewing = { job: DraftJob; draft: BatchDraft };

function BatchView({ batch, busy }: { batch: DraftBatchDetail; busy: string | null }) {
  const itemsHeadingId = useId();
  const checksId = useId();
  const seoReports = useDraftReports(batch.drafts.map((draft) => draft.id));
  const seoWarningLevel = useSeoWarningLevel();
  const { settings: seoSettings } = useSeoState();
  const [checksOf, setChecksOf] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [outlineOf, setOutlineOf] = useState<string | null>(null);
  const [asking, setAsking] = useState<
    { kind: "approve-all" } | { kind: "approve-outlines" } | { kind: "regenerate"; job: DraftJob } | null
  >(null);
  const drafts = new Map(batch.drafts.map((draft) => [draft.id, draft]));
  // A draft whose language is still to be confirmed is approved only from its Review (the database refuses it here).
  const waiting = batch.drafts.filter((draft) =>
    draft.status === "draft" && draft.approvalRequired && !draft.approvedAt && !languageHeld(draft)
  );
  const open = isOpen(batch);
  const reviewed = reviewing && drafts.get(reviewing.draft.id);
  const outlines = batch.progress.outline_ready;
  // The dialog stays only while its idea's outline still waits for review.
  const outlineJob = batch.jobs.find((job) => job.id === outlineOf && job.status === "outline_ready");
  // An idea no longer waiting (approved, cancelled, refused as such) forgets its dialog: it does not open again by itself.
  useEffect(() => {
    if (outlineOf && !outlineJob) setOutlineOf(null);
  }, [outlineOf, outlineJob]);

  return (
    <>
      <hgroup>
        <h1>{batch.name}</h1>
        <p>
          Created {formatDate(batch.createdAt)} · <Link href="/batches">All batches</Link>
        </p>
      </hgroup>
      {batch.outlineReview ? (
        <p className="batch-outline">
          Each idea's outline waits for your review before its draft is written
          {batch.outline ? ", starting from the template's headings" : ""}.
        </p>
      ) : batch.outline && (
        <p className="batch-outline">
          Every draft follows these headings: {batch.outline.map((heading) => `“${heading}”`).join(", ")}.
        </p>
      )}
      <article>
        <BatchProgress batch={batch} />
        {open && <p className="polling-note">This page updates by itself while drafts are being written.</p>}
        <div className="batch-actions">
          {(open || outlines > 0) && !batch.cancelledAt && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              aria-busy={busy === "cancel" || undefined}
              onClick={() => void cancelBatch(batch.id)}
            >
              Cancel
            </button>
          )}
          {batch.progress.failed > 0 && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              aria-busy={busy === "retry" || undefined}
              onClick={() => void retryFailed(batch.id)}
            >
              Retry failed
            </button>
          )}
          {outlines > 0 && !batch.cancelledAt && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              aria-busy={busy === "outline" || undefined}
              onClick={() => setAsking({ kind: "approve-outlines" })}
            >
              Approve all outlines ({outlines})
            </button>
          )}
          {waiting.length > 0 && (
            <button
              type="button"
              className="secondary"
              disabled={busy !== null}
              aria-busy={busy === "approve" || undefined}
              onClick={() => setAsking({ kind: "approve-all" })}
            >
              Approve all ({waiting.length})
            </button>
          )}
        </div>
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={batch.reviewRequired}
            disabled={busy !== null}
            onChange={(event) => void changeReview(batch.id, event.target.checked)}
          />
          Review drafts before they can be scheduled
        </label>
      </article>

      <section>
        <h2 id={itemsHeadingId}>Ideas</h2>
        {outlines > 0 && (
          <p className="polling-note">
            Open an outline with Review outline to edit its headings, then approve it: its draft is written next.
          </p>
        )}
        {waiting.length > 0 && (
          <p className="polling-note">Open a draft with Review to read it, then approve, reject or draft it again.</p>
        )}
        <table aria-labelledby={itemsHeadingId} className="batch-items">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Idea</th>
              <th scope="col">Status</th>
              <th scope="col">Draft</th>
              <th scope="col">SEO</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {batch.jobs.map((job) => {
              const draft = job.articleId ? drafts.get(job.articleId) : undefined;
              const report = draft ? seoReports.get(draft.id) : undefined;
              const showingChecks = draft !== undefined && report !== undefined && checksOf === draft.id;
              return (
                <Fragment key={job.id}>
                  <tr data-status={job.status}>
                    <td data-label="#">{job.position + 1}</td>
                    <td data-label="Idea">{job.idea}</td>
                    <td data-label="Status">
                      <JobStatus job={job} />
                    </td>
                    <td data-label="Draft">
                      {draft ? (
                        <Link href={`/articles/edit/${draft.id}`}>{draft.title}</Link>
                      ) : job.status === "done" ? (
                        "Deleted"
                      ) : (
                        ""
                      )}
                    </td>
                    <td data-label="SEO">
                      {draft && (
                        <DraftSeo
                          draft={draft}
                          report={report}
                          warningLevel={seoWarningLevel}
                          open={showingChecks}
                          controls={`${checksId}-${draft.id}`}
                          onToggle={() => setChecksOf(showingChecks ? null : draft.id)}
                        />
                      )}
                    </td>
                    <td data-label="Review">
                      <Review
                        job={job}
                        draft={draft}
                        busy={busy !== null}
                        onReview={(reviewJob, reviewDraft) => setReviewing({ job: reviewJob, draft: reviewDraft })}
                        onReviewOutline={(chosen) => setOutlineOf(chosen.id)}
                        onRegenerate={(regenerateJob) => setAsking({ kind: "regenerate", job: regenerateJob })}
                      />
                    </td>
                  </tr>
                  {showingChecks && (
                    <tr className="draft-seo-checks">
                      <td colSpan={6} id={`${checksId}-${draft.id}`}>
                        <SeoChecksList report={report} disabledChecks={seoSettings.disabledChecks} headingLevel={3} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </section>

      <DripForm batch={batch} drafts={schedulableDrafts(batch)} waiting={waiting.length} busy={busy !== null} />

      {reviewing && reviewed && (
        <DraftReviewDialog
          batchId={batch.id}
          job={reviewing.job}
          draft={reviewed}
          busy={busy !== null}
          onClose={() => setReviewing(null)}
        />
      )}
      {outlineJob && (
        <OutlineReviewDialog
          key={outlineJob.id}
          batchId={batch.id}
          job={outlineJob}
          busy={busy !== null}
          onClose={() => setOutlineOf(null)}
        />
      )}
      {asking?.kind === "approve-outlines" && (
        <ConfirmDialog
          title={`Approve ${outlines} ${outlines === 1 ? "outline" : "outlines"}?`}
          message="Their ideas are drafted following the outlines as they stand. To edit one first, close this and choose Review outline on its row."
          confirmLabel={`Approve all outlines (${outlines})`}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void approveOutlines(batch.id);
          }}
        />
      )}
      {asking?.kind === "approve-all" && (
        <ConfirmDialog
          title={`Approve ${waiting.length} ${waiting.length === 1 ? "draft" : "drafts"}?`}
          message="They can then be scheduled without being read first. To read one, close this and choose Review on its row."
          confirmLabel={`Approve all (${waiting.length})`}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void approve(batch.id, waiting.map((draft) => draft.id));
          }}
        />
      )}
      {asking?.kind === "regenerate" && (
        <ConfirmDialog
          title="Draft this idea again?"
          message={`“${asking.job.idea}” is drafted anew in the background (it counts as one idea of your bulk drafting limit).`}
          confirmLabel="Draft again"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void regenerate(batch.id, asking.job.id);
          }}
        />
      )}
    </>
  );
}

/** One batch: progress per idea (live while open, polled every 2 s), Cancel, Retry failed, review and drip. */
export default function BatchPage() {
  const { id } = useParams<{ id: string }>();
  const { detail, detailError, busy } = useBatchDetail();
  const batch = detail?.id === id ? detail.batch : null;
  const open = batch ? isOpen(batch) : false;

  useEffect(() => {
    void refreshBatch(id);
  }, [id]);
  useEffect(() => (open ? watch(() => refreshBatch(id)) : undefined), [id, open]);

  if (detail?.id === id && detail.missing) {
    return (
      <>
        <h1>Batch not found</h1>
        <p>
          <Link href="/batches">Back to Batches</Link>
        </p>
      </>
    );
  }
  if (!batch) return detailError ? <RequestError message={detailError} /> : <Spinner />;
  return <BatchView batch={batch as DraftBatchDetail} busy={busy} />;
}
