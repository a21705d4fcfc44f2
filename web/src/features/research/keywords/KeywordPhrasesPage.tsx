import { localeOf } from "@contracts/locales";
import { useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { FormField } from "../../../ui/FormField";
import { LocaleSelect } from "../../../ui/LocaleSelect";
import { ReadingNotes } from "../../../ui/ReadingNotes";
import { TaskStatus } from "../../../ui/TaskStatus";
import { SubmitButton } from "../../../ui/SubmitButton";
import { keywordsRequestSchema, TOPIC_MAX_LENGTH } from "@contracts/keywords";
import { KEYWORD_DATA_CACHE_DAYS, languageName, locationName } from "@contracts/keyword_data";
import { downloadCsv } from "../../../lib/csv";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { notifyError } from "../../../lib/notify";
import { useForm } from "../../../lib/useForm";
import { useResource } from "../../../lib/useResource";
import { getKeywordDataProviderStatus, type KeywordDataQuote, type KeywordDataResult, quoteKeywordData } from "../data/keywordData";
import type { KeywordsResponse } from "../data/keywords";
import { listKeywordResearches, type SavedResearch } from "../data/keywordResearches";
import {
  deleteResearch,
  dismissKeywordsError,
  retryKeywords,
  generateKeywordData,
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
                {research.locale ? ` · ${localeOf(research.locale).name}` : ""}
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

const usd = (amount: number) => `$${amount.toFixed(amount > 0 && amount < 0.1 ? 4 : 2)}`;

const fromProvider = (result: KeywordsResponse | KeywordDataResult): result is KeywordDataResult => "provider" in result;

/** Where the numbers come from, and what they cost. */
function Provenance({ result }: { result: KeywordsResponse | KeywordDataResult }) {
  if (!fromProvider(result)) {
    return (
      <p className="ai-estimate-note">
        Search volume, difficulty, CPC and competition are AI estimates, not measured data.{" "}
        <Link href="/profile#keyword-data-provider">Connect DataForSEO</Link> for measured numbers. Choose a column's heading to sort by it.
      </p>
    );
  }
  const where = `${locationName(result.locationCode)}, ${languageName(result.languageCode)}`;
  return (
    <p className="keyword-provenance">
      Google data from DataForSEO ({where}), fetched {formatDateTime(result.fetchedAt)}.{" "}
      {result.cached
        ? `From your ${KEYWORD_DATA_CACHE_DAYS}-day cache: this request cost nothing.`
        : `This request cost ${usd(result.costUsd)} from your DataForSEO balance.`}
    </p>
  );
}

/**
 * Keyword Phrases: research a topic, as AI estimates or, with a DataForSEO
 * account, measured data whose cost is shown first; each AI research is kept
 * (Your research: open again, delete), so results survive a reload; the
 * table sorts by any column, exports a CSV with numeric figures, and leads to
 * Create New Post with the keyword as idea and focus keyword.
 */
/** The topic as the form checks it; the language is chosen beside it. */
const topicSchema = keywordsRequestSchema.pick({ topic: true });

export default function KeywordPhrasesPage() {
  const { pending, latest, error, historyVersion } = useKeywordResearch();
  const form = useForm(topicSchema, { topic: keywordResearch.pending?.subject ?? keywordResearch.latest?.subject ?? "" });
  // The phrases' language for AI estimates ("" for the topic's own); DataForSEO uses the language of its settings.
  const [locale, setLocale] = useState("");
  const resultsHeadingId = useId();
  const history = useResource(() => listKeywordResearches(), [historyVersion]);

  // After a reload nothing is shown: the newest saved research is, as the user left it.
  const newest = history.data?.[0];
  useEffect(() => {
    if (newest && !keywordResearch.latest && !keywordResearch.pending) openResearch(newest);
  }, [newest]);

  const provider = useResource(() => getKeywordDataProviderStatus(), []);
  const [quoting, setQuoting] = useState(false);
  const [quote, setQuote] = useState<{ topic: string; quote: KeywordDataQuote } | null>(null);
  const connected = provider.resource.status === "ready" && provider.resource.data !== null;

  const onSubmit = form.handleSubmit(async ({ topic }) => {
    if (!connected) {
      void generateKeywords(topic, locale || null);
      return;
    }
    // The cost is shown before anything is spent; a cached topic is free and runs at once.
    setQuoting(true);
    try {
      const answer = await quoteKeywordData(topic);
      if (answer.cached) void generateKeywordData(topic, 0);
      else setQuote({ topic, quote: answer });
    } catch (failure) {
      notifyError(failure instanceof Error && failure.message ? failure.message : "Failed to fetch keyword data. Please try again.");
    } finally {
      setQuoting(false);
    }
  });

  const status = provider.resource.status === "ready" ? provider.resource.data : null;
  return (
    <>
      <hgroup>
        <h1>Keyword Phrases</h1>
        <p>
          {connected
            ? "Keyword ideas for a topic, with Google search volume, difficulty, cost per click and competition from DataForSEO."
            : "Keyword ideas for a topic, with estimated search volume, difficulty, cost per click and competition."}
        </p>
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
          {provider.resource.status === "ready" && !connected && (
            <LocaleSelect
              label="Language"
              name="locale"
              value={locale}
              unsetLabel="The topic's language"
              help="The keyword phrases are written in this language, as people search in it."
              disabled={pending !== null}
              onChange={setLocale}
            />
          )}
          <SubmitButton busy={pending !== null || quoting}>Generate</SubmitButton>
        </form>
        {status && (
          <p className="keyword-source">
            Source: DataForSEO, {locationName(status.locationCode)} in {languageName(status.languageCode)}. Each new topic
            is paid from your DataForSEO balance, and you see the cost first.{" "}
            <Link href="/profile#keyword-data-provider">Change</Link>
          </p>
        )}
      </article>

      <TaskStatus
        running={pending && { label: `Generating keywords for “${pending.subject}”…`, startedAt: pending.startedAt }}
        hint="This can take up to a minute. You can leave this page; the results will be here when you come back."
        failure={error}
        onDismiss={dismissKeywordsError}
        onRetry={retryKeywords}
      />

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
          <Provenance result={latest.result} />
          <KeywordTable
            key={latest.savedId ?? latest.subject}
            keywords={latest.result.keywords}
            labelledBy={resultsHeadingId}
            locale={latest.locale}
          />
          <ReadingNotes notes={latest.result.notes} summary="Notes on these results" />
        </section>
      ) : (
        !pending && (
          <>
            <p className="empty-state">No keywords generated yet</p>
            {latest && <ReadingNotes notes={latest.result.notes} summary="Notes on these results" />}
          </>
        )
      )}

      {quote && (
        <ConfirmDialog
          title="Fetch keyword data from DataForSEO?"
          message={
            `“${quote.topic}” costs at most ${usd(quote.quote.estimatedCostUsd)} from your DataForSEO balance ` +
            `(${locationName(quote.quote.locationCode)}, ${languageName(quote.quote.languageCode)}). ` +
            `You have spent ${usd(quote.quote.spentLast30DaysUsd)} in the last 30 days. ` +
            `The answer is kept for ${KEYWORD_DATA_CACHE_DAYS} days, so asking again until ${formatDate(new Date(Date.now() + KEYWORD_DATA_CACHE_DAYS * 86_400_000))} costs nothing.`
          }
          confirmLabel={`Fetch for ${usd(quote.quote.estimatedCostUsd)}`}
          onCancel={() => setQuote(null)}
          onConfirm={() => {
            const { topic, quote: accepted } = quote;
            setQuote(null);
            void generateKeywordData(topic, accepted.estimatedCostUsd);
          }}
        />
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
