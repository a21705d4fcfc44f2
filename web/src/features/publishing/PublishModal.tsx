import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { PUBLISH_MESSAGES, POST_STATUS_LABELS, POST_STATUSES } from "@contracts/publishing";
import { GHOST_MESSAGES } from "@contracts/ghost_sites";
import { Modal } from "../../ui/Modal";
import {
  publishArticle,
  PublishError,
  type PostStatus,
  type PublishArticleResult,
} from "./data/publishing";
import type { Publication } from "./data/publications";
import { listConnectedSites, type ConnectedSite } from "../sites/index";
import { SeoPublishWarning } from "../seo/index";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TaskStatus } from "../../ui/TaskStatus";
import { PublicationItem } from "./PublicationLinks";
import { isLive } from "./publicationState";
import { applyStepEvent, initialProgress, progressInterrupted, type StepProgress } from "./publishProgress";
import { requestPublications, usePublications } from "./publicationsStore";
import { publishOutcome, PublishResult } from "./PublishResult";
import { PublishSteps } from "./PublishSteps";
import "./publishing.css";

type PublishModalProps = {
  article: { id: string; title: string; status: string };
  onClose(): void;
  /** Called once the article is on WordPress (its status and site ids changed). */
  onPublished(): void;
  /** Publish later instead: the editor's Schedule… (to chosen sites at a time). Without it, no such offer. */
  onSchedule?(): void;
};

type SitesLoad = { state: "loading" } | { state: "error"; message: string } | { state: "loaded"; sites: ConnectedSite[] };

type Outcome =
  | { state: "idle" }
  | { state: "publishing"; siteName: string; steps: StepProgress[]; startedAt: number }
  | { state: "failed"; steps: StepProgress[]; message: string; link?: string }
  | { state: "published"; steps: StepProgress[]; result: PublishArticleResult; siteName: string; wasLive: boolean };

export const DRAFT_CONFIRM_TITLE = "Unpublish this post?";
export const DRAFT_CONFIRM_LABEL = "Switch to Draft";
export const draftConfirmMessage = (siteName: string) =>
  `This post is live on ${siteName}. Switching it to Draft will unpublish it. Continue?`;

const anyStepReported = (steps: readonly StepProgress[]) => steps.some((step) => step.state !== "pending");

/**
 * The post status a publish defaults to on a site: the state the post is
 * in there when it is a draft (a draft kept a draft), else live — the
 * Publish button publishes (issue 21: Draft under a Publish button was a
 * risky default).
 */
const defaultStatus = (publication: Publication | undefined): PostStatus =>
  publication?.remoteStatus === "draft" ? "draft" : "publish";

/**
 * Publish to WordPress: where the article already is (each site with the
 * state of its post there), a site (the only one chosen already) and a post
 * status (live by default, a draft kept a draft), a question before a live
 * post is turned into a draft, then the server's own steps as it streams
 * them and what the publish did (created or updated).
 */
export default function PublishModal({ article, onClose, onPublished, onSchedule }: PublishModalProps) {
  const formId = useId();
  const [sitesLoad, setSitesLoad] = useState<SitesLoad>({ state: "loading" });
  /** The site the user picked; until then the only connected site, if there is one. */
  const [pickedSiteId, setSiteId] = useState<string | null>(null);
  const [siteError, setSiteError] = useState<string>();
  /** The status the user picked; until then the default for the chosen site. */
  const [pickedStatus, setPickedStatus] = useState<PostStatus | null>(null);
  const [confirmingDraft, setConfirmingDraft] = useState<ConnectedSite | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const siteSelectRef = useRef<HTMLSelectElement>(null);
  const entry = usePublications(article.id);
  const publications = entry !== undefined && entry !== "loading" && "publications" in entry ? entry.publications : null;
  const publicationOn = (id: string) => publications?.find((publication) => publication.siteId === id);

  const loadSites = () => {
    setSitesLoad({ state: "loading" });
    listConnectedSites()
      .then((sites) => setSitesLoad({ state: "loaded", sites }))
      .catch((error: unknown) =>
        setSitesLoad({ state: "error", message: error instanceof Error ? error.message : "Failed to load sites" }),
      );
  };

  useEffect(loadSites, []);
  useEffect(() => requestPublications(article.id, { force: true }), [article.id]);

  const sites = sitesLoad.state === "loaded" ? sitesLoad.sites : [];
  const siteId = pickedSiteId ?? (sites.length === 1 ? sites[0].id : "");
  const status: PostStatus = pickedStatus ?? defaultStatus(publicationOn(siteId));

  const publish = async (site: ConnectedSite, postStatus: PostStatus) => {
    const previous = publicationOn(site.id);
    const wasLive = isLive(previous);
    let steps = initialProgress(previous?.remoteStatus || previous?.link ? "update" : "create");
    const startedAt = Date.now();
    setOutcome({ state: "publishing", siteName: site.name, steps, startedAt });
    try {
      const result = await publishArticle(
        { articleId: article.id, siteId: site.id, status: postStatus },
        {
          onStep: (event) => {
            steps = applyStepEvent(steps, event);
            setOutcome({ state: "publishing", siteName: site.name, steps, startedAt });
          },
        },
      );
      setOutcome({ state: "published", steps, result, siteName: site.name, wasLive });
      notifySuccess(
        !result.updated && result.status === "publish"
          ? site.kind === "ghost" ? GHOST_MESSAGES.published : PUBLISH_MESSAGES.published
          : publishOutcome(result, site.name, wasLive).headline,
      );
      onPublished();
    } catch (error) {
      const publishError = error instanceof PublishError ? error : undefined;
      const message = error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.publishFailed;
      setOutcome({
        state: "failed",
        steps: publishError?.interrupted ? progressInterrupted(steps) : steps,
        message,
        link: publishError?.link,
      });
      notifyError(message);
    } finally {
      // What the server recorded, whatever the browser saw.
      requestPublications(article.id, { force: true });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.state === "publishing") return;
    const site = sites.find((candidate) => candidate.id === siteId);
    if (!site) {
      setSiteError(PUBLISH_MESSAGES.selectSite);
      siteSelectRef.current?.focus();
      return;
    }
    if (status === "draft" && isLive(publicationOn(site.id))) {
      setConfirmingDraft(site);
      return;
    }
    void publish(site, status);
  };

  const publishing = outcome.state === "publishing";
  const canPublish = sites.length > 0 && outcome.state !== "published";
  const chosenSite = sites.find((site) => site.id === siteId);

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
    <>
      <Modal title="Publish to WordPress" onClose={onClose} busy={publishing} footer={footer}>
        <p className="publish-article-title">{article.title}</p>
        <PublishedWhere article={article} publications={publications} loading={entry === undefined || entry === "loading"} />
        {outcome.state === "idle" && <SeoPublishWarning articleId={article.id} />}
        {onSchedule && outcome.state === "idle" && (
          <p className="publish-later">
            Publish later, or to several sites at once?{" "}
            <button type="button" className="secondary outline" aria-haspopup="dialog" onClick={onSchedule}>
              Schedule…
            </button>
          </p>
        )}
        {sitesLoad.state === "loading" && <p aria-busy="true">Loading sites...</p>}
        {sitesLoad.state === "error" && (
          <p role="alert">
            Error: {sitesLoad.message}{" "}
            <button type="button" className="outline" onClick={loadSites}>
              Retry
            </button>
          </p>
        )}
        {sitesLoad.state === "loaded" && sites.length === 0 && (
          <p>
            No WordPress sites connected. Please add a site first.{" "}
            <Link href="/wordpress-sites">Add a WordPress site</Link>
          </p>
        )}
        {sites.length > 0 && outcome.state !== "published" && (
          <form id={formId} onSubmit={submit} noValidate>
            <fieldset disabled={publishing}>
              <label htmlFor={`${formId}-site`}>Select WordPress Site</label>
              <span className="select-control">
                <select
                  ref={siteSelectRef}
                  id={`${formId}-site`}
                  name="siteId"
                  value={siteId}
                  onChange={(event) => {
                    setSiteId(event.target.value);
                    if (event.target.value) setSiteError(undefined);
                  }}
                  aria-invalid={siteError ? true : undefined}
                  aria-describedby={siteError ? `${formId}-site-error` : undefined}
                >
                  <option value="">Choose a site</option>
                  {sites.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.kind === "ghost" ? `${option.name} (Ghost, ${option.site_url})` : `${option.name} (${option.site_url})`}
                    </option>
                  ))}
                </select>
              </span>
              {siteError && <small id={`${formId}-site-error`}>{siteError}</small>}
              <label htmlFor={`${formId}-status`}>Post Status</label>
              <span className="select-control">
                <select
                  id={`${formId}-status`}
                  name="status"
                  value={status}
                  onChange={(event) => setPickedStatus(event.target.value as PostStatus)}
                  aria-describedby={chosenSite && isLive(publicationOn(chosenSite.id)) ? `${formId}-status-note` : undefined}
                >
                  {POST_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {POST_STATUS_LABELS[value]}
                    </option>
                  ))}
                </select>
              </span>
              {chosenSite && isLive(publicationOn(chosenSite.id)) && (
                <small id={`${formId}-status-note`}>
                  This post is live on {chosenSite.name}: Publish Immediately keeps it live and updates it.
                </small>
              )}
            </fieldset>
          </form>
        )}
        <TaskStatus
          running={outcome.state === "publishing" && { label: `Publishing to ${outcome.siteName}…`, startedAt: outcome.startedAt }}
        />
        <div aria-live="polite">
          {outcome.state !== "idle" && anyStepReported(outcome.steps) && <PublishSteps steps={outcome.steps} />}
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
          {outcome.state === "published" && (
            <PublishResult result={outcome.result} siteName={outcome.siteName} wasLive={outcome.wasLive} />
          )}
        </div>
      </Modal>
      {confirmingDraft && (
        <ConfirmDialog
          title={DRAFT_CONFIRM_TITLE}
          message={draftConfirmMessage(confirmingDraft.name)}
          confirmLabel={DRAFT_CONFIRM_LABEL}
          onCancel={() => setConfirmingDraft(null)}
          onConfirm={() => {
            setConfirmingDraft(null);
            void publish(confirmingDraft, "draft");
          }}
        />
      )}
    </>
  );
}

/** Where the article already is: each site with the state of its post, apart from the article's own status. */
function PublishedWhere({
  article,
  publications,
  loading,
}: {
  article: PublishModalProps["article"];
  publications: Publication[] | null;
  loading: boolean;
}) {
  const headingId = useId();
  return (
    <section className="publish-where" aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h3 id={headingId}>On WordPress</h3>
      {publications && publications.length === 0 && (
        <p>
          Not published to any site yet.
          {article.status === "published" && " This article is marked Published, but it is not on a connected site."}
        </p>
      )}
      {publications && publications.length > 0 && (
        <ul aria-label="WordPress publications">
          {publications.map((publication) => (
            <PublicationItem key={publication.siteId} article={article} publication={publication} />
          ))}
        </ul>
      )}
    </section>
  );
}
