import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { TextAreaField } from "../../ui/TextAreaField";
import {
  createDraftBatchSchema,
  DRAFT_BATCH_MAX_IDEAS,
  DRAFT_BATCH_NAME_MAX_LENGTH,
  estimateModelCalls,
} from "@contracts/draft_batch";
import { listScheduleTargets } from "../articles/index";
import { listAssistantChoices } from "../assistants/index";
import { listArticleTemplates } from "../templates/index";
import { SelectField } from "../../ui/SelectField";
import { createDraftBatch, DraftBatchError, QUEUE_FAILURE_MESSAGE } from "./data/draftBatches";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useKeywordResearch } from "../research/index";
import { SitePicker } from "../../ui/SitePicker";
import { LocaleSelect } from "../../ui/LocaleSelect";
import { GenerationSettingsFields } from "../../ui/GenerationSettingsFields";
import { checkSettingsValues, NO_GENERATION_SETTINGS, settingsOverride } from "../../lib/generationSettings";
import { useResource } from "../../lib/useResource";
import { AssistantPicker } from "../editor/index";
import { type CsvIdeas, ideasFromCsv, ideasFromKeywords, ideasFromLines } from "./ideaSources";
import "./bulk.css";

/** The file's text (UTF-8). FileReader rather than Blob.text(): it is everywhere the app runs, jsdom included. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const FIELDS = ["ideas", "assistantId", "targetSiteIds", "name", "templateId"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** The field a validation issue belongs to; an idea's own problem names the idea. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { path, message } of issues) {
    const field = String(path[0]) as Field;
    const text = field === "ideas" && typeof path[1] === "number" ? `Idea ${path[1] + 1}: ${message}` : message;
    errors[field] ??= text;
  }
  return errors;
}

export default function BulkPage() {
  const [, navigate] = useLocation();
  const research = useKeywordResearch();
  const assistants = useResource(() => listAssistantChoices(), []);
  const sites = useResource(() => listScheduleTargets(), []);
  // The user's templates; none offered when they have none or they cannot be read (a batch works without).
  const templates = useResource(() => listArticleTemplates(), []);
  const templateChoices = templates.resource.status === "ready" ? templates.resource.data : [];
  const [templateId, setTemplateId] = useState("");
  const [name, setName] = useState("");
  const [ideasText, setIdeasText] = useState("");
  const [csv, setCsv] = useState<(CsvIdeas & { fileName: string }) | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [pickedKeywords, setPickedKeywords] = useState<string[]>([]);
  const [assistantId, setAssistantId] = useState("");
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [reviewRequired, setReviewRequired] = useState(true);
  const [outlineReview, setOutlineReview] = useState(false);
  const [locale, setLocale] = useState("");
  const [settings, setSettings] = useState(NO_GENERATION_SETTINGS);
  const [wordTargetError, setWordTargetError] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const csvInputId = useId();
  const estimateId = useId();
  const outlineNoteId = useId();

  const ideas = [...ideasFromLines(ideasText), ...(csv?.ideas ?? []), ...ideasFromKeywords(pickedKeywords)];
  const estimate = estimateModelCalls(ideas.length, outlineReview && !templateId);

  const readCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setCsvError(null);
    if (!file) return setCsv(null);
    try {
      const parsed = ideasFromCsv(await readText(file));
      if (parsed.ideas.length === 0) {
        setCsv(null);
        setCsvError(`${file.name} has no ideas (the first column holds the idea).`);
        return;
      }
      setCsv({ ...parsed, fileName: file.name });
    } catch {
      setCsv(null);
      setCsvError(`${file.name} could not be read.`);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = checkSettingsValues(settings);
    setWordTargetError("field" in checked ? checked.message : undefined);
    const request = {
      action: "create" as const,
      name,
      assistantId,
      ideas,
      targetSiteIds: siteIds,
      reviewRequired,
      outlineReview,
      locale: locale || null,
      settings: "settings" in checked ? settingsOverride(checked.settings) ?? null : null,
      templateId: templateId || null,
    };
    const parsed = createDraftBatchSchema.safeParse(request);
    if (!parsed.success || !("settings" in checked)) {
      setErrors(parsed.success ? {} : errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { action: _create, ...batch } = request;
      const created = await createDraftBatch(batch);
      notifySuccess(
        created.jobs === 1 ? "Drafting 1 idea in the background" : `Drafting ${created.jobs} ideas in the background`,
      );
      navigate(`/batches/${created.batchId}`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : QUEUE_FAILURE_MESSAGE;
      const field = error instanceof DraftBatchError ? error.field?.split(".")[0] : undefined;
      if (FIELDS.some((known) => known === field)) {
        setErrors({ [field as Field]: message });
      }
      notifyError(message);
      setSubmitting(false);
    }
  };

  return (
    <>
      <hgroup>
        <h1>Bulk Drafts</h1>
        <p>
          Many drafts from a list of ideas, written in the background. Follow them on <Link href="/batches">Batches</Link>
          ; nothing is published until you schedule it.
        </p>
      </hgroup>
      <form onSubmit={submit} noValidate className="bulk-form">
        <article>
          <h2>Ideas</h2>
          <TextAreaField
            label="Ideas (one per line)"
            name="ideas"
            rows={8}
            placeholder={"How to start composting in a small flat\nThe best tomatoes for a balcony"}
            value={ideasText}
            onChange={(event) => setIdeasText(event.target.value)}
            error={errors.ideas}
            help={`Up to ${DRAFT_BATCH_MAX_IDEAS} ideas in a batch.`}
            disabled={submitting}
          />
          <label htmlFor={csvInputId}>Or upload a CSV file</label>
          <input id={csvInputId} type="file" accept=".csv,text/csv" onChange={readCsv} disabled={submitting} />
          <small role={csvError ? "alert" : undefined}>
            {csvError ??
              (csv
                ? `${plural(csv.ideas.length, "idea", "ideas")} from ${csv.fileName}${
                  csv.skippedRows ? ` (${plural(csv.skippedRows, "row", "rows")} without an idea skipped)` : ""
                }.`
                : "Columns: idea, then optionally focus keyword, categories and tags (several separated by semicolons).")}
          </small>
          {research.latest && research.latest.result.keywords.length > 0 ? (
            <fieldset className="keyword-picks">
              <legend>From your keyword research for “{research.latest.subject}”</legend>
              {research.latest.result.keywords.map((item) => (
                <label key={item.keyword}>
                  <input
                    type="checkbox"
                    checked={pickedKeywords.includes(item.keyword)}
                    disabled={submitting}
                    onChange={(event) =>
                      setPickedKeywords((picked) =>
                        event.target.checked ? [...picked, item.keyword] : picked.filter((k) => k !== item.keyword)
                      )}
                  />
                  {item.keyword}
                </label>
              ))}
              <small>Each keyword you pick becomes an idea with itself as the focus keyword.</small>
            </fieldset>
          ) : (
            <p className="keyword-picks-hint">
              <small>
                Ideas can also come from <Link href="/keyword-phrases">Keyword Phrases</Link>: research a topic there,
                then pick keywords here.
              </small>
            </p>
          )}
        </article>
        <article>
          <h2>Drafting</h2>
          <AssistantPicker
            load={assistants.resource}
            name="assistantId"
            value={assistantId}
            error={errors.assistantId}
            disabled={submitting}
            onChange={(event) => setAssistantId(event.target.value)}
            onRetry={assistants.reload}
          />
          {templateChoices.length > 0 && (
            <SelectField
              label="Template"
              name="templateId"
              value={templateId}
              error={errors.templateId}
              disabled={submitting}
              help="Every draft follows its sections as headings, in order, with its word target and elements unless set below. Review the drafts on the batch's page."
              options={[
                { value: "", label: "No template" },
                ...templateChoices.map((template) => ({ value: template.id, label: template.name })),
              ]}
              onChange={(event) => setTemplateId(event.target.value)}
            />
          )}
          <LocaleSelect
            label="Language of the drafts"
            name="locale"
            value={locale}
            unsetLabel="The assistant's language"
            help="Each draft is checked: one in another language waits for you to confirm it before it can be approved."
            disabled={submitting}
            onChange={setLocale}
          />
          <GenerationSettingsFields
            legend="Generation settings"
            help="For every draft of this batch. Anything left unset, and the elements when none is ticked, follow the assistant."
            unsetLabel="The assistant's default"
            values={settings}
            wordTargetError={wordTargetError}
            disabled={submitting}
            onChange={setSettings}
          />
          <FormField
            label="Batch name (optional)"
            name="name"
            maxLength={DRAFT_BATCH_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            help="Shown on Batches; the first idea when left blank."
            disabled={submitting}
          />
          <SitePicker
            legend="Target sites (optional)"
            load={sites.resource}
            selected={siteIds}
            disabled={submitting}
            error={errors.targetSiteIds}
            help="Preselected when you schedule the drafts."
            onChange={setSiteIds}
          />
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={outlineReview}
              disabled={submitting}
              aria-describedby={outlineNoteId}
              onChange={(event) => setOutlineReview(event.target.checked)}
            />
            Review each outline before it is drafted
          </label>
          <small id={outlineNoteId} className="review-note">
            {!outlineReview
              ? "Each idea is drafted straight away."
              : templateId
              ? "Each idea starts from the template's sections: edit and approve its headings on the batch's page, then its draft is written."
              : "The assistant proposes each idea's headings (one more model call per idea): edit and approve them on the batch's page, then its draft is written."}
          </small>
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={reviewRequired}
              disabled={submitting}
              onChange={(event) => setReviewRequired(event.target.checked)}
            />
            Review drafts before they can be scheduled
          </label>
          <small className="review-note">
            {reviewRequired
              ? "Each draft waits for your approval (one by one, or all at once) before it can be scheduled."
              : "Drafts can be scheduled without your approval."}
          </small>
        </article>
        <p id={estimateId} className="bulk-estimate" role="status">
          {ideas.length === 0
            ? "No ideas yet."
            : `${ideas.length} ${ideas.length === 1 ? "idea" : "ideas"}: ${estimate.calls} model ${
              estimate.calls === 1 ? "call" : "calls"
            } (at most ${estimate.atMost} if calls must be retried after rate limits or errors).`}
        </p>
        <SubmitButton busy={submitting}>Start drafting</SubmitButton>
      </form>
    </>
  );
}
