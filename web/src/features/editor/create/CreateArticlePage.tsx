import { Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { LazyArticlePreviewModal } from "../../articles/index";
import { ContentEditor } from "../content/ContentEditor";
import { LinkSuggestions } from "../../links/index";
import { scoreSavedArticle, SeoPanel } from "../../seo/index";
import { RestoreDraftNotice } from "../content/RestoreDraftNotice";
import { UnsavedChangesDialog } from "../content/UnsavedChangesDialog";
import { FormField } from "../../../ui/FormField";
import { TaskStatus } from "../../../ui/TaskStatus";
import { type FixPlace, RequestFailure } from "../../../backend/functionErrors";
import { TextAreaField } from "../../../ui/TextAreaField";
import {
  DraftAbortedError,
  GENERATE_CONTENT_FAILURE,
  streamArticleDraft,
  type GenerateArticleRequest,
  type GeneratedArticle,
} from "../data/articleDrafts";
import type { GeneratedDraft } from "@contracts/article_save";
import { createArticle, type Article } from "../../articles/index";
import { listAssistantChoices } from "../../assistants/index";
import { listArticleTemplates, type ArticleTemplate } from "../../templates/index";
import { SelectField } from "../../../ui/SelectField";
import { localDraftKey, sameValues } from "../localDrafts";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { splitCommaList } from "../../../lib/tagList";
import { throttle } from "../../../lib/throttle";
import { useForm } from "../../../lib/useForm";
import { useLocalDraft } from "../useLocalDraft";
import { useUnsavedChangesGuard } from "../useUnsavedChangesGuard";
import { useUser } from "../../auth/index";
import { AssistantPicker } from "./AssistantPicker";
import { useResource } from "../../../lib/useResource";
import {
  aiRequestSchema,
  draftFromGenerated,
  draftFromPartial,
  draftShowsText,
  generatedDraftOf,
  EMPTY_DRAFT,
  hasArticleText,
  useDraftForm,
  type DraftValues,
} from "./draftForm";
import { InterruptedDraftNotice, type InterruptedDraft } from "./InterruptedDraftNotice";
import { ReplaceDraftDialog } from "./ReplaceDraftDialog";
import { GenerationOptions } from "./GenerationOptions";
import { OutlineEditor } from "./OutlineEditor";
import { outlineItem, outlineRequest, type OutlineError, type OutlineItem } from "./outline";
import { proposeOutline, type ProposeOutlineRequest } from "../data/articleOutlines";
import { OUTLINE_FAILURE_MESSAGE } from "@contracts/outline";
import { LanguageFlagNotice } from "./LanguageFlagNotice";
import type { DraftLanguageCheck } from "@contracts/locales";
import { checkSettingsValues, NO_GENERATION_SETTINGS, settingsOverride } from "../../../lib/generationSettings";
import { articlePrefill } from "./articlePrefill";
import { EditorActionBar } from "../workspace/EditorActionBar";
import { EditorSidePanel } from "../workspace/EditorSidePanel";
import { BodyImages } from "../workspace/BodyImages";
import { handOverSaved, type EditorDialog } from "../workspace/savedHandoff";
import "../workspace/workspace.css";
import "../editorForm.css";
import "./create-article.css";

const EMPTY_AI_REQUEST = { idea: "", existingArticle: "", assistantId: "", locale: "" };
const EMPTY_PAGE = { ...EMPTY_AI_REQUEST, ...EMPTY_DRAFT };

/** How often a streaming draft is shown in the form: the first piece at once, then at most every 100 ms. */
const STREAM_RENDER_INTERVAL_MS = 100;

function previewOf(values: DraftValues) {
  return {
    title: values.title,
    content: values.content,
    excerpt: values.excerpt,
    featuredImageUrl: null,
    createdAt: null,
    categories: values.category.trim() ? [values.category.trim()] : [],
    tags: splitCommaList(values.tags),
    slug: values.slug,
    metaDescription: values.metaDescription,
    focusKeyword: values.focusKeyword,
  };
}

export default function CreateArticlePage() {
  const user = useUser();
  const [, navigate] = useLocation();
  const assistants = useResource(() => listAssistantChoices(), [], {
    onError: () => notifyError("Failed to load assistants"),
  });
  // The user's templates; none offered when they have none or they cannot be read (Create works without).
  const templates = useResource(() => listArticleTemplates(), []);
  const [templateId, setTemplateId] = useState("");
  const ai = useForm(aiRequestSchema, EMPTY_AI_REQUEST);
  const draft = useDraftForm();
  const [generating, setGenerating] = useState(false);
  // When the generation under way started (its elapsed seconds are shown).
  const [generationStartedAt, setGenerationStartedAt] = useState(0);
  const [aiStatus, setAiStatus] = useState("");
  // The last generation's (or outline proposal's) failure and how to try it again, shown under the AI section until dismissed or the next attempt.
  const [aiError, setAiError] = useState<{ message: string; fix?: FixPlace; retry?: () => void } | null>(null);
  // The outline step: the proposed headings as the person edits them; null: drafting without an outline.
  const [outline, setOutline] = useState<OutlineItem[] | null>(null);
  const [outlineError, setOutlineError] = useState<OutlineError | undefined>(undefined);
  const [proposing, setProposing] = useState(false);
  const [aiNote, setAiNote] = useState("");
  const [writtenBy, setWrittenBy] = useState<string | null>(null);
  // Images in the body asked for with the draft: raised once a draft is written, for the panel to draw them.
  const [sectionImages, setSectionImages] = useState(false);
  const [drawSectionImages, setDrawSectionImages] = useState(0);
  // The language the last finished draft was written in (the language check's `expected`: the choice, else the assistant's).
  const [draftLocale, setDraftLocale] = useState<string | null>(null);
  // The last finished AI draft, kept as the new article's first revision when it is saved.
  const [generatedDraft, setGeneratedDraft] = useState<GeneratedDraft | undefined>(undefined);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [replaceRequest, setReplaceRequest] = useState<GenerateArticleRequest | null>(null);
  const [interrupted, setInterrupted] = useState<InterruptedDraft | null>(null);
  const [settings, setSettings] = useState(NO_GENERATION_SETTINGS);
  const [wordTargetError, setWordTargetError] = useState<string | undefined>(undefined);
  // The last draft's language check when it read as another language than asked for.
  const [languageFlag, setLanguageFlag] = useState<DraftLanguageCheck | null>(null);
  // Refs, not state: a double click arrives before React re-renders.
  const generation = useRef<AbortController | null>(null);
  const proposal = useRef<AbortController | null>(null);
  // Which submit button sent the AI form, set by its click (Enter in a field clicks the first, Generate with AI).
  const submitIntent = useRef<"draft" | "outline">("draft");
  const savingNow = useRef(false);
  // Images being drawn under the sections: a Save pressed meanwhile waits for them (with what it was to open next).
  const [drawingImages, setDrawingImages] = useState(false);
  const [saveAfterImages, setSaveAfterImages] = useState<{ then: EditorDialog | undefined } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Publish… or Schedule… pressed: the article is saved first, and the dialog opens in the editor of the saved article.
  const saveThen = useRef<EditorDialog | undefined>(undefined);

  const pageValues = { ...ai.values, ...draft.values };
  const [storageKey] = useState(() => localDraftKey(user?.id ?? "signed-out", "new"));
  const localDraft = useLocalDraft(storageKey, EMPTY_PAGE, pageValues);
  /**
   * Saved and on its way to its editor: nothing here is unsaved any more.
   * A ref, read at the click: while the Edit route's code loads this page
   * stays mounted but hidden, and a state update here would render too late.
   */
  const handedOver = useRef(false);
  const guard = useUnsavedChangesGuard(!sameValues(pageValues, EMPTY_PAGE), () => handedOver.current);

  // Leaving the page stops a generation or an outline proposal in progress.
  useEffect(
    () => () => {
      generation.current?.abort();
      proposal.current?.abort();
    },
    [],
  );

  // Opened from a keyword ("Write article" on Keyword Phrases): its idea, focus keyword and research's language filled in.
  const search = useSearch();
  useEffect(() => {
    const { idea, focusKeyword, locale } = articlePrefill(search);
    // One fill: each fill starts from the values of this render.
    ai.fill({ ...(idea ? { idea } : {}), ...(locale ? { locale } : {}) });
    if (focusKeyword) draft.fill({ focusKeyword });
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const runGeneration = async (request: GenerateArticleRequest) => {
    if (generation.current) return;
    const controller = new AbortController();
    generation.current = controller;
    const before = draft.values;
    let shownAny = false;
    // The throttle's first, immediate render waits for visible text, so the first characters are not held back an interval.
    const show = throttle((fields: Partial<DraftValues>) => {
      shownAny = true;
      draft.fill(fields);
    }, STREAM_RENDER_INTERVAL_MS);
    const onProgress = (partial: Partial<GeneratedArticle>) => {
      const fields = draftFromPartial(partial);
      if (draftShowsText(fields)) show(fields);
    };
    setInterrupted(null);
    setAiError(null);
    setAiNote("");
    setLanguageFlag(null);
    setDraftLocale(null);
    setGenerating(true);
    setGenerationStartedAt(Date.now());
    setAiStatus("");
    try {
      const article = await streamArticleDraft(request, {
        signal: controller.signal,
        onProgress,
        onNote: setAiNote,
        onLanguage: (check) => {
          setLanguageFlag(check.mismatch ? check : null);
          setDraftLocale(check.expected);
        },
      });
      show.cancel();
      draft.fill(draftFromGenerated(article));
      setGeneratedDraft(generatedDraftOf(article));
      setWrittenBy(request.assistantId);
      if (sectionImages) setDrawSectionImages((count) => count + 1);
      setAiStatus("Your article is ready. Review it, then save it.");
      notifySuccess("Content generated successfully");
    } catch (error) {
      show.cancel();
      const stopped = error instanceof DraftAbortedError;
      const message = !stopped && error instanceof Error && error.message ? error.message : GENERATE_CONTENT_FAILURE;
      if (!stopped) {
        notifyError(message);
        setAiError({
          message,
          fix: error instanceof RequestFailure ? error.fix : undefined,
          retry: () => void requestGeneration(request),
        });
      }
      setAiStatus(stopped ? "Generation stopped." : "");
      // Part of a draft is in the form: say so until the user decides what to keep.
      if (shownAny) setInterrupted({ reason: stopped ? "stopped" : "failed", message, before });
    } finally {
      if (generation.current === controller) generation.current = null;
      setGenerating(false);
    }
  };

  /** Generates, asking first when the draft would replace text in the form. */
  const requestGeneration = async (request: GenerateArticleRequest) => {
    if (generation.current) return;
    if (hasArticleText(draft.values)) setReplaceRequest(request);
    else await runGeneration(request);
  };

  /** Asks the assistant's model for headings; they replace the outline being edited. */
  const runProposal = async (request: ProposeOutlineRequest) => {
    if (generation.current || proposal.current) return;
    const controller = new AbortController();
    proposal.current = controller;
    setAiError(null);
    setAiStatus("");
    setProposing(true);
    setGenerationStartedAt(Date.now());
    try {
      const headings = await proposeOutline(request, controller.signal);
      setOutline(headings.map(outlineItem));
      setOutlineError(undefined);
      setAiStatus("Your outline is ready. Edit it, then generate the article.");
    } catch (error) {
      if (controller.signal.aborted) {
        setAiStatus("Outline stopped.");
        return;
      }
      const message = error instanceof Error && error.message ? error.message : OUTLINE_FAILURE_MESSAGE;
      notifyError(message);
      setAiError({
        message,
        fix: error instanceof RequestFailure ? error.fix : undefined,
        retry: () => void runProposal(request),
      });
    } finally {
      if (proposal.current === controller) proposal.current = null;
      setProposing(false);
    }
  };

  const generate = ai.handleSubmit(async ({ idea, existingArticle, assistantId, locale }) => {
    const intent = submitIntent.current;
    if (generation.current || proposal.current) return;
    const checked = checkSettingsValues(settings);
    setWordTargetError("field" in checked ? checked.message : undefined);
    if (!("settings" in checked)) return;
    const common = { assistantId, locale: locale || undefined, settings: settingsOverride(checked.settings) };
    if (intent === "outline") {
      if (!idea) {
        setAiError({ message: "Enter an article idea to propose an outline." });
        return;
      }
      await runProposal({ idea, ...common });
      return;
    }
    let headings: string[] | undefined;
    if (outline) {
      const approved = outlineRequest(outline);
      if ("error" in approved) {
        setOutlineError(approved.error);
        return;
      }
      headings = approved.headings;
    }
    setOutlineError(undefined);
    await requestGeneration({
      idea: idea || undefined,
      existingArticle: existingArticle || undefined,
      ...common,
      outline: headings,
    });
  });

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const then = saveThen.current;
    saveThen.current = undefined;
    if (savingNow.current || generating) return;
    if (drawingImages) {
      setSaveAfterImages({ then });
      return;
    }
    const result = draft.check(event.currentTarget);
    if (!result.success) return;
    if (!user) {
      notifyError("User not authenticated");
      return;
    }
    savingNow.current = true;
    setSaving(true);
    const values = result.data;
    let saved: Article;
    try {
      saved = await createArticle({
        title: values.title,
        content: values.content,
        excerpt: values.excerpt,
        metaDescription: values.metaDescription,
        focusKeyword: values.focusKeyword,
        slug: values.slug,
        categories: [values.category],
        tags: splitCommaList(values.tags),
        assistantId: writtenBy,
        // The article is in the language its draft was written in; typed without a draft: the one chosen, if any.
        locale: draftLocale ?? (ai.values.locale || null),
        generatedDraft,
      });
    } catch {
      notifyError("Failed to create article");
      savingNow.current = false;
      setSaving(false);
      return;
    }
    // The card shows the new article's SEO score (best effort, after the save).
    void scoreSavedArticle(saved.id, values, saved.locale);
    localDraft.clear();
    notifySuccess("Article created successfully");
    // The writer stays in the editor: the saved article's, in this entry of the history (Back does not return to an empty form).
    handOverSaved({ article: saved, savedAt: new Date(), open: then });
    handedOver.current = true;
    navigate(`/articles/edit/${saved.id}`, { replace: true });
  };

  // The images are in (or failed): the Save pressed while they were drawn goes ahead with them.
  useEffect(() => {
    if (drawingImages || !saveAfterImages) return;
    setSaveAfterImages(null);
    saveThen.current = saveAfterImages.then;
    formRef.current?.requestSubmit();
  }, [drawingImages, saveAfterImages]);

  const saveFirst = (then: EditorDialog) => {
    saveThen.current = then;
    formRef.current?.requestSubmit();
  };

  const restoreLocalDraft = () => {
    const stored = localDraft.restore();
    if (!stored) return;
    const { idea, existingArticle, assistantId, locale, ...article } = stored;
    ai.fill({ idea, existingArticle, assistantId, locale });
    draft.fill(article);
  };

  /** A template fills the outline with its sections, and the word target and elements with its own. */
  const chooseTemplate = (template: ArticleTemplate | undefined) => {
    setTemplateId(template?.id ?? "");
    if (!template) return;
    setOutline(template.sections.map(outlineItem));
    setOutlineError(undefined);
    setSettings({
      ...settings,
      wordTarget: template.wordTarget === null ? settings.wordTarget : String(template.wordTarget),
      elements: template.requiredElements.length ? [...template.requiredElements] : settings.elements,
    });
  };
  const templateChoices = templates.resource.status === "ready" ? templates.resource.data : [];

  const noAssistants = assistants.resource.status !== "ready" || assistants.resource.data.length === 0;
  const locked = generating ? { readOnly: true } : {};
  const aiBusy = generating || proposing;

  return (
    <>
      <h1>Create New Post</h1>

      <article className="ai-section" aria-labelledby="ai-section-title">
        <h2 id="ai-section-title">Write with AI</h2>
        <form onSubmit={generate} noValidate>
          <FormField label="AI Article Idea" autoComplete="off" {...ai.field("idea")} readOnly={aiBusy} />
          <TextAreaField label="Paste Your Existing Article" rows={5} {...ai.field("existingArticle")} readOnly={aiBusy} />
          <AssistantPicker
            load={assistants.resource}
            {...ai.field("assistantId")}
            disabled={aiBusy}
            onRetry={assistants.reload}
          />
          {templateChoices.length > 0 && (
            <SelectField
              label="Template"
              name="template"
              value={templateId}
              disabled={aiBusy}
              options={[
                { value: "", label: "No template" },
                ...templateChoices.map((template) => ({ value: template.id, label: template.name })),
              ]}
              onChange={(event) => chooseTemplate(templateChoices.find(({ id }) => id === event.target.value))}
            />
          )}
          <GenerationOptions
            locale={ai.values.locale}
            settings={settings}
            wordTargetError={wordTargetError}
            disabled={aiBusy}
            onLocaleChange={(locale) => ai.fill({ locale })}
            onSettingsChange={setSettings}
            sectionImages={sectionImages}
            onSectionImagesChange={setSectionImages}
          />
          {outline && (
            <OutlineEditor
              items={outline}
              error={outlineError}
              disabled={aiBusy}
              onChange={setOutline}
              onDiscard={() => {
                setOutline(null);
                setOutlineError(undefined);
              }}
            />
          )}
          <div className="ai-actions">
            <button
              type="submit"
              disabled={aiBusy || noAssistants}
              aria-busy={generating || undefined}
              onClick={() => (submitIntent.current = "draft")}
            >
              {generating ? "Generating..." : "Generate with AI"}
            </button>
            <button
              type="submit"
              className="secondary"
              disabled={aiBusy || noAssistants}
              aria-busy={proposing || undefined}
              onClick={() => (submitIntent.current = "outline")}
            >
              {proposing ? "Proposing..." : outline ? "Propose a new outline" : "Propose an outline"}
            </button>
            {aiBusy && (
              <button
                type="button"
                className="secondary"
                onClick={() => (generation.current ?? proposal.current)?.abort()}
              >
                Stop
              </button>
            )}
          </div>
          <TaskStatus
            running={
              (generating && { label: "Writing your article…", startedAt: generationStartedAt }) ||
              (proposing && { label: "Proposing an outline…", startedAt: generationStartedAt })
            }
            hint={generating ? "A long article can take a minute or two; the text appears below as it is written." : undefined}
            done={aiStatus}
            failure={aiError}
            onDismiss={() => setAiError(null)}
            onRetry={aiError?.retry}
          />
          {aiNote && <p className="ai-note">{aiNote}</p>}
        </form>
      </article>

      <form ref={formRef} onSubmit={save} noValidate aria-busy={generating || undefined} className="editor-workspace">
        <div className="editor-main">
        {localDraft.offer && (
          <RestoreDraftNotice
            savedAt={localDraft.offer.savedAt}
            outdated={localDraft.offer.outdated}
            onRestore={restoreLocalDraft}
            onDiscard={localDraft.discard}
          />
        )}
        {languageFlag && !generating && (
          <LanguageFlagNotice check={languageFlag} onDismiss={() => setLanguageFlag(null)} />
        )}
        {interrupted && (
          <InterruptedDraftNotice
            draft={interrupted}
            onKeep={() => setInterrupted(null)}
            onRestore={() => {
              draft.fill(interrupted.before);
              setInterrupted(null);
            }}
          />
        )}
        <article>
          <FormField label="Title" {...draft.field("title")} {...locked} />
          <ContentEditor
            label="Content"
            name="content"
            value={draft.values.content}
            error={draft.errors.content}
            readOnly={generating}
            onChange={(content) => draft.fill({ content })}
          />
          <LinkSuggestions
            title={draft.values.title}
            focusKeyword={draft.values.focusKeyword}
            content={draft.values.content}
            disabled={generating}
            onInsert={(content) => draft.fill({ content })}
          />
          <TextAreaField label="Excerpt" rows={3} {...draft.field("excerpt")} {...locked} />
          <FormField label="Category" {...draft.field("category")} {...locked} />
          <FormField label="Tags (comma separated)" {...draft.field("tags")} {...locked} />
          <fieldset className="seo-settings">
            <legend>SEO Settings</legend>
            <TextAreaField label="Meta Description" rows={2} {...draft.field("metaDescription")} {...locked} />
            <FormField label="Focus Keyword" {...draft.field("focusKeyword")} {...locked} />
            <FormField label="Slug" {...draft.field("slug")} {...locked} />
          </fieldset>
          <SeoPanel
            title={draft.values.title}
            metaDescription={draft.values.metaDescription}
            focusKeyword={draft.values.focusKeyword}
            slug={draft.values.slug}
            content={draft.values.content}
            locale={ai.values.locale || undefined}
          />
        </article>
        </div>
        <EditorSidePanel
          content={draft.values.content}
          publishing={
            <>
              <h3>Status</h3>
              <p>Draft, not saved yet.</p>
              <p className="editor-panel-note">Schedule… and Publish… save the article first.</p>
            </>
          }
          featuredImage={<p className="editor-panel-note">Save the article to add a featured image.</p>}
          bodyImages={
            <BodyImages
              content={draft.values.content}
              onContentChange={(content) => draft.fill({ content })}
              title={draft.values.title}
              assistantId={writtenBy ?? (ai.values.assistantId || null)}
              locale={ai.values.locale || null}
              disabled={generating}
              drawMissing={drawSectionImages}
              onDrawingChange={setDrawingImages}
            />
          }
        />
        <EditorActionBar
          saveLabel="Save Article"
          saving={saving || saveAfterImages !== null}
          previewLabel="Preview Post"
          onPreview={() => setPreviewing(true)}
          onPublish={() => saveFirst("publish")}
          onSchedule={() => saveFirst("schedule")}
          busy={generating}
          savedAt={null}
        />
      </form>

      {replaceRequest && (
        <ReplaceDraftDialog
          onCancel={() => setReplaceRequest(null)}
          onReplace={() => {
            setReplaceRequest(null);
            void runGeneration(replaceRequest);
          }}
        />
      )}
      {guard.pending && <UnsavedChangesDialog onStay={guard.stay} onLeave={() => guard.leave(localDraft.clear)} />}

      {previewing && (
        <Suspense fallback={null}>
          <LazyArticlePreviewModal article={previewOf(draft.values)} onClose={() => setPreviewing(false)} />
        </Suspense>
      )}
    </>
  );
}
