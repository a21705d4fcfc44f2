import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { LazyArticlePreviewModal } from "../../articles/index";
import { ContentEditor } from "../content/ContentEditor";
import { LinkSuggestions } from "../../links/index";
import { scoreSavedArticle, SeoPanel, SeoPublishWarning } from "../../seo/index";
import { RestoreDraftNotice } from "../content/RestoreDraftNotice";
import { LanguageHeldNotice } from "./LanguageHeldNotice";
import { UnsavedChangesDialog } from "../content/UnsavedChangesDialog";
import { FormField } from "../../../ui/FormField";
import { SelectField } from "../../../ui/SelectField";
import { LocaleSelect } from "../../../ui/LocaleSelect";
import { TextAreaField } from "../../../ui/TextAreaField";
import {
  ARTICLE_MESSAGES,
  ArticleConflictError,
  getArticle,
  listScheduleTargets,
  updateArticle,
  type Article,
  type ArticleChanges,
} from "../../articles/index";
import { localDraftKey, sameValues } from "../localDrafts";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { splitCommaList } from "../../../lib/tagList";
import { useForm } from "../../../lib/useForm";
import { useLocalDraft } from "../useLocalDraft";
import { useUnsavedChangesGuard } from "../useUnsavedChangesGuard";
import { useUser } from "../../auth/index";
import { editArticleSchema, editValuesOf, isArticleStatus, type EditValues } from "./editForm";
import { parseDateTimeLocal, toDateTimeLocal } from "./localDateTime";
import { ScheduleTargets } from "./ScheduleTargets";
import { useResource } from "../../../lib/useResource";
import { mineOverTheirs, type FormState } from "./saveConflict";
import { LazyPublishModal } from "../../publishing/index";
import { LazyFeaturedImageModal } from "../../images/index";
import { EditorActionBar } from "../workspace/EditorActionBar";
import { EditorSidePanel, FeaturedImagePreview } from "../workspace/EditorSidePanel";
import { BodyImages } from "../workspace/BodyImages";
import { ScheduleDialog, type ScheduleChoice } from "../workspace/ScheduleDialog";
import type { EditorDialog } from "../workspace/savedHandoff";
import "../workspace/workspace.css";

/** The History panel and the diff library (jsdiff) load when History is first opened. */
const LazyRevisionHistory = lazy(() =>
  import("./RevisionHistory").then(({ RevisionHistory }) => ({ default: RevisionHistory })),
);
/** Likewise the conflict view (it shows a diff), when a save is first refused. */
const LazySaveConflictDialog = lazy(() =>
  import("./SaveConflictDialog").then(({ SaveConflictDialog }) => ({ default: SaveConflictDialog })),
);

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
] as const;

function previewOf(article: Article, values: EditValues) {
  return {
    ...values,
    featuredImageUrl: article.featuredImageUrl,
    createdAt: article.createdAt,
    categories: splitCommaList(values.categories),
    tags: splitCommaList(values.tags),
  };
}

type EditArticleFormProps = {
  article: Article;
  /** A revision was restored from History: the page shows the saved article in a new form. */
  onRestored(article: Article): void;
  /** After a refused save, the person chose the article as it is now: the page shows it in a new form. */
  onReload(article: Article): void;
  /** Focus the History button once shown (the form replaced after a restore). */
  focusHistory?: boolean;
  /** Saved: the page shows the saved article in a new form, then opens `then` (Publish… pressed with unsaved changes). */
  onSaved(article: Article, then?: EditorDialog): void;
  /** When the article was last saved in this visit (the bar says so). */
  savedAt: Date | null;
  /** Focus Save once shown (the form replaced after a save). */
  focusSave?: boolean;
  /** A dialog of the bar to open once shown. */
  openOnArrival?: EditorDialog;
};

type OpenDialog = EditorDialog | "featured-image" | null;

export function EditArticleForm({
  article,
  onRestored,
  onReload,
  onSaved,
  savedAt,
  focusHistory = false,
  focusSave = false,
  openOnArrival,
}: EditArticleFormProps) {
  const [initialValues] = useState(() => editValuesOf(article));
  const form = useForm(editArticleSchema(initialValues.scheduledFor), initialValues);
  const targets = useResource(() => listScheduleTargets(), []);
  const [siteIds, setSiteIds] = useState<string[]>(article.scheduledSiteIds);
  const [previewing, setPreviewing] = useState(false);
  const [showingHistory, setShowingHistory] = useState(false);
  // The article as it is now, when a save was refused because it changed elsewhere.
  const [conflict, setConflict] = useState<Article | null>(null);
  const [overwriting, setOverwriting] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(openOnArrival ?? null);
  // The version saves start from: it moves when this page changes the article itself (a featured image).
  const [version, setVersion] = useState(article.version);
  const [featuredImageUrl, setFeaturedImageUrl] = useState(article.featuredImageUrl);
  const [siteError, setSiteError] = useState<string>();
  // A save asked for by the bar (after Schedule…, or before Publish…): submitted once the form shows the new values.
  const [saveRequest, setSaveRequest] = useState<{ then?: EditorDialog } | null>(null);
  const saveThen = useRef<EditorDialog | undefined>(undefined);
  const publishedHere = useRef(false);
  const scheduled = form.values.status === "scheduled";
  const [seoScore, setSeoScore] = useState<number | null>(null);
  // The content as the last accepted AI suggestion left it: saved first as an 'ai' revision.
  const [aiEditedContent, setAiEditedContent] = useState<string | null>(null);

  const currentText = useMemo(
    () => ({
      ...form.values,
      categories: splitCommaList(form.values.categories),
      tags: splitCommaList(form.values.tags),
    }),
    [form.values],
  );

  useEffect(() => {
    if (focusHistory) historyButton.current?.focus();
    else if (focusSave) saveButton.current?.focus();
  }, [focusHistory, focusSave]);

  useEffect(() => {
    if (!saveRequest) return;
    saveThen.current = saveRequest.then;
    setSaveRequest(null);
    formRef.current?.requestSubmit();
  }, [saveRequest]);

  // An article opened as saved gets its card's SEO score (it may never have had one: bulk drafts, restores).
  useEffect(() => {
    void scoreSavedArticle(article.id, initialValues, article.locale);
  }, [article.id, initialValues, article.locale]);

  const user = useUser();
  const [storageKey] = useState(() => localDraftKey(user?.id ?? "signed-out", article.id));
  const [initialPage] = useState(() => ({ ...initialValues, siteIds: article.scheduledSiteIds }));
  const pageValues = { ...form.values, siteIds };
  const localDraft = useLocalDraft(storageKey, initialPage, pageValues);
  const unsaved = !sameValues(pageValues, initialPage);
  const guard = useUnsavedChangesGuard(unsaved);

  const restoreLocalDraft = () => {
    const stored = localDraft.restore();
    if (!stored) return;
    const { siteIds: storedSiteIds, status, ...fields } = stored;
    form.fill({ ...fields, status: isArticleStatus(status) ? status : form.values.status });
    setSiteIds(storedSiteIds);
  };

  // Sites removed since the article was scheduled are dropped; unknown until the list loads.
  const chosenSites = () =>
    targets.resource.status === "ready"
      ? siteIds.filter((id) => targets.resource.data?.some((site) => site.id === id))
      : siteIds;
  const initialForm: FormState = { values: initialValues, siteIds: article.scheduledSiteIds };

  /** Saves `changes` over `version`; a refusal because the article changed elsewhere opens the conflict view. */
  const saveOver = async (fromVersion: number, changes: ArticleChanges): Promise<boolean> => {
    const then = saveThen.current;
    saveThen.current = undefined;
    let saved: Article;
    try {
      saved = await updateArticle(article.id, fromVersion, changes);
    } catch (error) {
      if (error instanceof ArticleConflictError) {
        setConflict(error.current);
        return false;
      }
      notifyError("Failed to update article");
      return false;
    }
    // The card shows the saved text's SEO score (best effort, after the save; after an overwrite too).
    void scoreSavedArticle(article.id, changes, saved.locale);
    localDraft.clear();
    notifySuccess("Article updated successfully");
    onSaved(saved, then);
    return true;
  };

  const save = form.handleSubmit(async (values) => {
    // A schedule publishes only to the sites chosen: none would publish nowhere (save-article refuses it too).
    if (values.status === "scheduled" && chosenSites().length === 0) {
      saveThen.current = undefined;
      setSiteError(ARTICLE_MESSAGES.scheduleNeedsSite);
      formRef.current?.querySelector<HTMLElement>(".schedule-targets input, .schedule-targets a")?.focus();
      return;
    }
    const text = {
      title: values.title,
      content: values.content,
      excerpt: values.excerpt,
      metaDescription: values.metaDescription,
      focusKeyword: values.focusKeyword,
      slug: values.slug,
      categories: splitCommaList(values.categories),
      tags: splitCommaList(values.tags),
    };
    await saveOver(version, {
      ...text,
      status: values.status,
      scheduledFor: values.status === "scheduled" ? parseDateTimeLocal(values.scheduledFor) : null,
      scheduledSiteIds: chosenSites(),
      locale: values.locale || null,
      ...(aiEditedContent ? { generatedDraft: { ...text, content: aiEditedContent } } : {}),
    });
  });

  /** Schedule… chosen: the article is saved with that schedule (and whatever else was typed). */
  const schedule = ({ scheduledFor, siteIds: chosen }: ScheduleChoice) => {
    setDialog(null);
    form.fill({ status: "scheduled", scheduledFor });
    setSiteIds(chosen);
    setSiteError(undefined);
    setSaveRequest({});
  };

  /** Publish… publishes the saved article: unsaved changes are saved first. */
  const publish = () => {
    if (unsaved) setSaveRequest({ then: "publish" });
    else setDialog("publish");
  };

  /**
   * A featured image chosen here moved the article's version. Saves go on
   * from the new version only when nothing else changed meanwhile;
   * otherwise the next save shows what changed elsewhere.
   */
  const adoptFeaturedImage = async (url: string) => {
    setFeaturedImageUrl(url);
    const fresh = await getArticle(article.id).catch(() => null);
    if (!fresh) return;
    if (sameValues({ ...editValuesOf(fresh), siteIds: fresh.scheduledSiteIds }, initialPage)) setVersion(fresh.version);
  };

  const overwrite = async () => {
    if (!conflict || overwriting) return;
    setOverwriting(true);
    const saved = await saveOver(
      conflict.version,
      mineOverTheirs(initialForm, { values: form.values, siteIds: chosenSites() }, conflict),
    );
    if (!saved) setOverwriting(false);
  };

  return (
    <>
      <form ref={formRef} onSubmit={save} noValidate className="editor-workspace">
        <div className="editor-main">
          {article.languageFlag && <LanguageHeldNotice flag={article.languageFlag} />}
          {localDraft.offer && (
            <RestoreDraftNotice
              savedAt={localDraft.offer.savedAt}
              outdated={localDraft.offer.outdated}
              onRestore={restoreLocalDraft}
              onDiscard={localDraft.discard}
            />
          )}
          <article>
            <FormField label="Title" {...form.field("title")} />
            <ContentEditor
              label="Content"
              name="content"
              value={form.values.content}
              error={form.errors.content}
              onChange={(content) => form.fill({ content })}
              selectionAssistant={{ articleId: article.id, onAccepted: setAiEditedContent }}
            />
            <LinkSuggestions
              title={form.values.title}
              focusKeyword={form.values.focusKeyword}
              content={form.values.content}
              articleId={article.id}
              siteIds={scheduled ? siteIds : undefined}
              onInsert={(content) => form.fill({ content })}
            />
            <TextAreaField label="Excerpt" rows={3} {...form.field("excerpt")} />
            <fieldset className="seo-settings">
              <legend>SEO Settings</legend>
              <TextAreaField label="Meta Description" rows={2} {...form.field("metaDescription")} />
              <FormField label="Focus Keyword" {...form.field("focusKeyword")} />
              <FormField label="Slug" {...form.field("slug")} />
            </fieldset>
            <LocaleSelect
              label="Language"
              name="locale"
              value={form.values.locale}
              unsetLabel="The assistant's language"
              help="The language this article is written in. The SEO checks read it in this language."
              disabled={form.submitting}
              onChange={(locale) => form.fill({ locale })}
            />
            <SeoPanel
              title={form.values.title}
              metaDescription={form.values.metaDescription}
              focusKeyword={form.values.focusKeyword}
              slug={form.values.slug}
              content={form.values.content}
              locale={form.values.locale || undefined}
              onScore={setSeoScore}
            />
            <FormField label="Categories (comma separated)" {...form.field("categories")} />
            <FormField label="Tags (comma separated)" {...form.field("tags")} />
          </article>
        </div>
        <EditorSidePanel
          content={form.values.content}
          publishing={
            <>
              <SelectField label="Status" options={STATUS_OPTIONS} {...form.field("status")} />
              {scheduled && (
                <>
                  <FormField
                    label="Schedule For"
                    type="datetime-local"
                    min={toDateTimeLocal(new Date())}
                    help="Your local time."
                    {...form.field("scheduledFor")}
                  />
                  <ScheduleTargets
                    load={targets.resource}
                    selected={siteIds}
                    disabled={form.submitting}
                    error={siteError}
                    onChange={(next) => {
                      setSiteIds(next);
                      if (next.length > 0) setSiteError(undefined);
                    }}
                  />
                  <SeoPublishWarning articleId={article.id} score={seoScore} />
                </>
              )}
            </>
          }
          featuredImage={
            <>
              <FeaturedImagePreview url={featuredImageUrl} />
              <button
                type="button"
                className="secondary outline"
                aria-haspopup="dialog"
                onClick={() => setDialog("featured-image")}
              >
                Generate Image
              </button>
            </>
          }
          bodyImages={
            <BodyImages
              content={form.values.content}
              onContentChange={(content) => form.fill({ content })}
              title={form.values.title}
              assistantId={article.assistantId}
              locale={form.values.locale || null}
            />
          }
        />
        <EditorActionBar
          saveLabel="Save Changes"
          saving={form.submitting}
          previewLabel="Preview"
          onPreview={() => setPreviewing(true)}
          onHistory={() => setShowingHistory(true)}
          historyRef={historyButton}
          saveRef={saveButton}
          onPublish={publish}
          onSchedule={() => setDialog("schedule")}
          savedAt={savedAt}
        />
      </form>
      {dialog === "schedule" && (
        <ScheduleDialog
          targets={targets.resource}
          initial={{ scheduledFor: form.values.scheduledFor, siteIds: chosenSites() }}
          onCancel={() => setDialog(null)}
          onSchedule={schedule}
        />
      )}
      {dialog === "publish" && (
        <Suspense fallback={null}>
          <LazyPublishModal
            article={{ id: article.id, title: article.title, status: article.status }}
            onSchedule={() => setDialog("schedule")}
            onPublished={() => (publishedHere.current = true)}
            onClose={() => {
              setDialog(null);
              // Publishing changed the article (status, version): the form shows it as it is now.
              if (publishedHere.current) void getArticle(article.id).then((fresh) => fresh && onReload(fresh), () => {});
            }}
          />
        </Suspense>
      )}
      {dialog === "featured-image" && (
        <Suspense fallback={null}>
          <LazyFeaturedImageModal
            article={{ id: article.id, title: form.values.title, focusKeyword: form.values.focusKeyword, featuredImageUrl }}
            onSaved={(url) => void adoptFeaturedImage(url)}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {guard.pending && <UnsavedChangesDialog onStay={guard.stay} onLeave={() => guard.leave(localDraft.clear)} />}
      {previewing && (
        <Suspense fallback={null}>
          <LazyArticlePreviewModal article={previewOf({ ...article, featuredImageUrl }, form.values)} onClose={() => setPreviewing(false)} />
        </Suspense>
      )}
      {conflict && (
        <Suspense fallback={null}>
          <LazySaveConflictDialog
            base={article}
            current={conflict}
            initial={initialForm}
            mine={{ values: form.values, siteIds }}
            siteNames={new Map((targets.resource.status === "ready" ? targets.resource.data ?? [] : []).map((site) => [site.id, site.name]))}
            saving={overwriting}
            onReload={() => onReload(conflict)}
            onOverwrite={() => void overwrite()}
            onClose={() => setConflict(null)}
          />
        </Suspense>
      )}
      {showingHistory && (
        <Suspense fallback={null}>
          <LazyRevisionHistory
            articleId={article.id}
            current={currentText}
            unsaved={unsaved}
            onRestored={(restored) => {
              // The user chose the revision over what was typed: no local draft of it is offered back.
              localDraft.clear();
              onRestored(restored);
            }}
            onClose={() => setShowingHistory(false)}
          />
        </Suspense>
      )}
    </>
  );
}
