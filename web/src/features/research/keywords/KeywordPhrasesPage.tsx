import { useId } from "react";
import { ElapsedProgress } from "../../../ui/ElapsedProgress";
import { FormField } from "../../../ui/FormField";
import { ReadingNotes } from "../../../ui/ReadingNotes";
import { RequestError } from "../../../ui/RequestError";
import { SubmitButton } from "../../../ui/SubmitButton";
import { keywordsRequestSchema, TOPIC_MAX_LENGTH } from "@contracts/keywords";
import { downloadCsv } from "../../../lib/csv";
import { useForm } from "../../../lib/useForm";
import { dismissKeywordsError, generateKeywords, keywordResearch, useKeywordResearch } from "../researchStore";
import { keywordCsv, keywordCsvFileName } from "./keywordCsv";
import { KeywordTable } from "./KeywordTable";
import "./keyword-phrases.css";

export default function KeywordPhrasesPage() {
  const { pending, latest, error } = useKeywordResearch();
  const form = useForm(keywordsRequestSchema, { topic: keywordResearch.pending?.subject ?? keywordResearch.latest?.subject ?? "" });
  const resultsHeadingId = useId();

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
            Search volume, difficulty, CPC and competition are AI estimates, not measured data.
          </p>
          <KeywordTable keywords={latest.result.keywords} labelledBy={resultsHeadingId} />
          <ReadingNotes notes={latest.result.notes} summary="Notes on these results" />
        </section>
      ) : (
        !pending && <p className="empty-state">No keywords generated yet</p>
      )}
    </>
  );
}
