import { useEffect, useId, useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ElapsedProgress } from "../../../ui/ElapsedProgress";
import { FormField } from "../../../ui/FormField";
import { ReadingNotes } from "../../../ui/ReadingNotes";
import { RequestError } from "../../../ui/RequestError";
import { SubmitButton } from "../../../ui/SubmitButton";
import { keywordsRequestSchema, TOPIC_MAX_LENGTH } from "@contracts/keywords";
import { downloadCsv } from "../../../lib/csv";
import { formatDateTime } from "../../../lib/dates";
import { useForm } from "../../../lib/useForm";
import { useResource } from "../../../lib/useResource";
import { listKeywordResearches, type SavedResearch } from "../data/keywordResearches";
import {
  deleteResearch,
  dismissKeywordsError,
  generateKeywords,
  keywordResearch,
  openResearch,
  useKeywordResearch,
} from "../researchStore";
import { keywordCsv, keywordCsvFileName } from "./keywordCsv";
import { KeywordTable } from "./KeywordTable";
import "./keyword-phrases.css";

const count = (keywords: number) => `${keywords} ${keywords === 1 ? "keyword" : "keywords"}`;

/** The user's saved researches, newest first: open one again, or delete it (after asking). */
function ResearchHistory({ researches, shownId }: { researches: readonly SavedResearch[]; shownId?: string }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState<SavedResearch | null>(null);
  return (
    <section className="research-history" aria-labelledby={headingId}>
      <h2 id={headingId}>Your research</h2>
      <ul>
        {researches.map((research) => (
          <li key={research.id} aria-current={research.id === shownId ? "true" : undefined}>
            <span>
              <span className="research-topic">{research.topic}</span>
              <small>
                {formatDateTime(research.createdAt)} · {count(research.result.keywords.length)}
                {research.id === shownId ? " · shown above" : ""}
              </small>
            </span>
            <span className="research-history-actions">
              <button
                type="button"
                className="secondary outline"
                aria-label={`Open ${research.topic}, ${formatDateTime(research.createdAt)}`}
                disabled={research.id === shownId}
                onClick={() => {
                  openResearch(research);
                  window.scrollTo({ top: 0 });
                }}
              >
                Open
              </button>
              <button
                type="button"
                className="secondary outline"
                aria-label={`Delete ${research.topic}, ${formatDateTime(research.createdAt)}`}
                onClick={() => setDeleting(research)}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title="Delete this research?"
          message={`The keywords for “${deleting.topic}” (${formatDateTime(deleting.createdAt)}) will no longer be listed here.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const research = deleting;
            setDeleting(null);
            void deleteResearch(research.id);
          }}
        />
      )}
    </section>
  );
}

/**
 * Keyword Phrases: research a topic; each research is kept (Your research:
 * open again, delete), so results survive a reload; the table sorts by any
 * column, exports a CSV with numeric figures, and leads to Create New Post
 * with the keyword as idea and focus keyword.
 */
export default function KeywordPhrasesPage() {
  const { pending, latest, error, historyVersion } = useKeywordResearch();
  const form = useForm(keywordsRequestSchema, { topic: keywordResearch.pending?.subject ?? keywordResearch.latest?.subject ?? "" });
  const resultsHeadingId = useId();
  const history = useResource(() => listKeywordResearches(), [historyVersion]);

  // After a reload nothing is shown: the newest saved research is, as the user left it.
  const newest = history.data?.[0];
  useEffect(() => {
    if (newest && !keywordResearch.latest && !keywordResearch.pending) openResearch(newest);
  }, [newest]);

  const onSubmit = form.handleSubmit(async ({ topic }) => {
    void generateKeywords(topic);
  });

  return (
    <>
      <hgroup>
        <h1>Keyword Phrases</h1>
        <p>Keyword ideas for a topic, with estimated search volume, difficulty, cost per click and competition.</p>
      </hgroup>
      <article>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="Topic or Niche"
            placeholder="e.g. home gardening"
            autoComplete="off"
            maxLength={TOPIC_MAX_LENGTH}
            {...form.field("topic")}
          />
          <SubmitButton busy={pending !== null}>Generate</SubmitButton>
        </form>
      </article>

      <ElapsedProgress
        running={pending && { label: `Generating keywords for “${pending.subject}”…`, startedAt: pending.startedAt }}
        hint="This can take up to a minute. You can leave this page; the results will be here when you come back."
      />
      {error && !pending && <RequestError message={error.message} fix={error.fix} onDismiss={dismissKeywordsError} />}

      {latest && latest.result.keywords.length > 0 ? (
        <section>
          <header className="keyword-results-header">
            <h2 id={resultsHeadingId}>Keywords for “{latest.subject}”</h2>
            <button
              type="button"
              className="secondary"
              onClick={() => downloadCsv(keywordCsvFileName(latest.subject), keywordCsv(latest.result.keywords))}
            >
              Export CSV
            </button>
          </header>
          <p className="ai-estimate-note">
            Search volume, difficulty, CPC and competition are AI estimates, not measured data. Choose a column's
            heading to sort by it.
          </p>
          <KeywordTable key={latest.savedId ?? latest.subject} keywords={latest.result.keywords} labelledBy={resultsHeadingId} />
          <ReadingNotes notes={latest.result.notes} summary="Notes on these results" />
        </section>
      ) : (
        !pending && <p className="empty-state">No keywords generated yet</p>
      )}

      {history.resource.status === "failed" && (
        <p role="alert">
          Your past research could not be loaded.{" "}
          <button type="button" className="secondary outline" onClick={history.reload}>
            Retry
          </button>
        </p>
      )}
      {history.data && history.data.length > 0 && <ResearchHistory researches={history.data} shownId={latest?.savedId} />}
    </>
  );
}
