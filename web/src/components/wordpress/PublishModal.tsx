import { useEffect, useId, useState } from "react";
import { Link } from "wouter";
import * as z from "zod/mini";
import {
  POST_STATUS_LABELS,
  POST_STATUSES,
  WORDPRESS_MESSAGES,
} from "../../../../supabase/functions/_shared/schemas/wordpress";
import { Modal } from "../Modal";
import { publishArticle, PublishError, type PublishArticleResult } from "../../data/publishing";
import { listWordPressSites, type WordPressSite } from "../../data/wordpressSites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { progressAt, progressDone, progressFailed, type StepProgress } from "./publishProgress";
import { requestPublications } from "./publicationsStore";
import { PublishResult } from "./PublishResult";
import { PublishSteps } from "./PublishSteps";
import "./wordpress.css";

type PublishModalProps = {
  article: { id: string; title: string };
  onClose(): void;
  /** Called once the article is on WordPress (its status and site ids changed). */
  onPublished(): void;
};

type SitesLoad = { state: "loading" } | { state: "error"; message: string } | { state: "loaded"; sites: WordPressSite[] };

type Outcome =
  | { state: "idle" }
  | { state: "publishing"; steps: StepProgress[] }
  | { state: "failed"; steps: StepProgress[]; message: string; link?: string }
  | { state: "published"; steps: StepProgress[]; result: PublishArticleResult; siteName: string };

const publishFormSchema = z.object({
  siteId: z.string().check(z.minLength(1, WORDPRESS_MESSAGES.selectSite)),
  status: z.enum(POST_STATUSES),
});

const STEP_TICK_MS = 250;

/** Publish to WordPress: choose a connected site and a post status, then follow the publish to its result. */
export default function PublishModal({ article, onClose, onPublished }: PublishModalProps) {
  const formId = useId();
  const [sitesLoad, setSitesLoad] = useState<SitesLoad>({ state: "loading" });
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const form = useForm(publishFormSchema, { siteId: "", status: "draft" });

  const loadSites = () => {
    setSitesLoad({ state: "loading" });
    listWordPressSites()
      .then((sites) => setSitesLoad({ state: "loaded", sites }))
      .catch((error: unknown) =>
        setSitesLoad({ state: "error", message: error instanceof Error ? error.message : "Failed to load sites" }),
      );
  };

  useEffect(loadSites, []);

  const publish = form.handleSubmit(async ({ siteId, status }) => {
    const startedAt = Date.now();
    const elapsed = () => Date.now() - startedAt;
    setOutcome({ state: "publishing", steps: progressAt(0) });
    const ticker = setInterval(() => setOutcome({ state: "publishing", steps: progressAt(elapsed()) }), STEP_TICK_MS);
    try {
      const result = await publishArticle({ articleId: article.id, siteId, status });
      const sites = sitesLoad.state === "loaded" ? sitesLoad.sites : [];
      const siteName = sites.find((site) => site.id === siteId)?.name ?? "your site";
      setOutcome({ state: "published", steps: progressDone(result.seo), result, siteName });
      notifySuccess(WORDPRESS_MESSAGES.published);
      requestPublications(article.id, { force: true });
      onPublished();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : WORDPRESS_MESSAGES.publishFailed;
      const publishError = error instanceof PublishError ? error : undefined;
      setOutcome({
        state: "failed",
        steps: progressFailed(elapsed(), publishError?.step),
        message,
        link: publishError?.link,
      });
      notifyError(message);
    } finally {
      clearInterval(ticker);
    }
  });

  const publishing = outcome.state === "publishing";
  const canPublish = sitesLoad.state === "loaded" && sitesLoad.sites.length > 0 && outcome.state !== "published";

  const footer =
    outcome.state === "published" ? (
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    ) : (
      <div className="modal-actions">
        <button type="button" className="secondary" disabled={publishing} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" form={formId} disabled={!canPublish || publishing} aria-busy={publishing || undefined}>
          Publish
        </button>
      </div>
    );

  return (
    <Modal title="Publish to WordPress" onClose={onClose} busy={publishing} footer={footer}>
      <p className="publish-article-title">{article.title}</p>
      {sitesLoad.state === "loading" && <p aria-busy="true">Loading sites...</p>}
      {sitesLoad.state === "error" && (
        <p role="alert">
          Error: {sitesLoad.message}{" "}
          <button type="button" className="outline" onClick={loadSites}>
            Retry
          </button>
        </p>
      )}
      {sitesLoad.state === "loaded" && sitesLoad.sites.length === 0 && (
        <p>
          No WordPress sites connected. Please add a site first.{" "}
          <Link href="/wordpress-sites">Add a WordPress site</Link>
        </p>
      )}
      {sitesLoad.state === "loaded" && sitesLoad.sites.length > 0 && outcome.state !== "published" && (
        <PublishForm formId={formId} sites={sitesLoad.sites} form={form} disabled={publishing} onSubmit={publish} />
      )}
      <div aria-live="polite">
        {outcome.state !== "idle" && <PublishSteps steps={outcome.steps} />}
        {outcome.state === "failed" && (
          <p role="alert" className="publish-error">
            {outcome.message}
            {outcome.link && (
              <>
                {" "}
                <a href={outcome.link} target="_blank" rel="noopener noreferrer">
                  View Post
                </a>
              </>
            )}
          </p>
        )}
        {outcome.state === "published" && <PublishResult result={outcome.result} siteName={outcome.siteName} />}
      </div>
    </Modal>
  );
}

type PublishFormProps = {
  formId: string;
  sites: WordPressSite[];
  form: ReturnType<typeof useForm<{ siteId: string; status: string }, z.infer<typeof publishFormSchema>>>;
  disabled: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

function PublishForm({ formId, sites, form, disabled, onSubmit }: PublishFormProps) {
  const site = form.field("siteId");
  const status = form.field("status");
  const siteErrorId = `${formId}-site-error`;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <fieldset disabled={disabled}>
        <label htmlFor={`${formId}-site`}>Select WordPress Site</label>
        <select
          id={`${formId}-site`}
          name={site.name}
          value={site.value}
          onChange={site.onChange}
          aria-invalid={site.error ? true : undefined}
          aria-describedby={site.error ? siteErrorId : undefined}
        >
          <option value="">Choose a site</option>
          {sites.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({option.site_url})
            </option>
          ))}
        </select>
        {site.error && <small id={siteErrorId}>{site.error}</small>}
        <label htmlFor={`${formId}-status`}>Post Status</label>
        <select id={`${formId}-status`} name={status.name} value={status.value} onChange={status.onChange}>
          {POST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {POST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </fieldset>
    </form>
  );
}
