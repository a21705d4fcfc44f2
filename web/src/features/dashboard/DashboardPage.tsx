import { useId } from "react";
import { Link } from "wouter";
import { StatusBadge } from "../../ui/StatusBadge";
import { loadDashboard, type Dashboard, type PublishFailure, type Setup } from "./data/dashboard";
import { formatDate, formatDateTime } from "../../lib/dates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import { useUser } from "../auth/index";
import { RETRY_FAILED, RETRY_QUEUED, retryScheduledPublication } from "../publishing/index";
import "./dashboard.css";

/**
 * An account with nothing in it yet (no article, no connected site, no stored
 * text-generation key): "Welcome back" would greet someone who has not been
 * here (issue 21). The spec's "Welcome back" is for everyone else. Until the
 * dashboard has loaded, the greeting is the one true for both: "Welcome".
 */
export function isNewAccount(dashboard: Dashboard | null | undefined): boolean {
  return !dashboard || (dashboard.totalArticles === 0 && dashboard.connectedSites === 0 && !dashboard.setup.hasTextKey);
}

type Step = { label: string; done: boolean; href: string; action: string };

/** The way to a first post: keys → assistant → site → first post. */
function setupSteps(setup: Setup, connectedSites: number): Step[] {
  return [
    { label: "Add your AI provider key", done: setup.hasTextKey, href: "/profile", action: "Add keys in Profile" },
    { label: "Choose a writing assistant", done: setup.assistants > 0, href: "/assistants", action: "Set up an assistant" },
    { label: "Connect your site", done: connectedSites > 0, href: "/wordpress-sites", action: "Connect a site" },
    { label: "Publish your first post", done: setup.published > 0, href: "/articles/create", action: "Write a post" },
  ];
}

function SetupChecklist({ steps }: { steps: Step[] }) {
  const headingId = useId();
  const done = steps.filter((step) => step.done).length;
  return (
    <article className="setup-checklist" aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>Get started</h2>
        <p>
          {done} of {steps.length} done
        </p>
      </header>
      <ol>
        {steps.map((step) => (
          <li key={step.label} data-done={step.done}>
            <span className="setup-step">{step.label}</span>
            {step.done ? <strong className="setup-done">Done</strong> : <Link href={step.href}>{step.action}</Link>}
          </li>
        ))}
      </ol>
    </article>
  );
}

function FailureItem({ failure, onRetried }: { failure: PublishFailure; onRetried(): void }) {
  const retryable = failure.nextAttemptAt !== null && failure.nextAttemptAt > new Date();
  const retry = async () => {
    try {
      await retryScheduledPublication(failure.articleId, failure.siteId);
      notifySuccess(RETRY_QUEUED);
      onRetried();
    } catch {
      notifyError(RETRY_FAILED);
    }
  };
  return (
    <li>
      <span className="activity-title">
        <Link href={`/articles/edit/${failure.articleId}`}>{failure.title}</Link>
        <small>
          Failed on {failure.siteName}, {formatDateTime(failure.failedAt)}: {failure.error ?? "no reason was recorded"}
        </small>
      </span>
      {retryable && (
        <button
          type="button"
          className="secondary outline dashboard-action"
          aria-label={`Retry publishing ${failure.title} to ${failure.siteName}`}
          onClick={() => void retry()}
        >
          Retry
        </button>
      )}
    </li>
  );
}

/**
 * The dashboard: the spec's greeting, counts and recent activity, plus a
 * first-run checklist until the first post is out, a Create button, the next
 * scheduled posts, and failures that need the user.
 */
export default function DashboardPage() {
  const user = useUser();
  const userId = user?.id;
  const load = useResource<Dashboard>(userId ? () => loadDashboard(userId) : null, [userId], {
    onError: () => notifyError("Failed to load dashboard data"),
  });

  const loading = load.loading;
  const dashboard = load.resource.status === "ready" ? load.data : null;
  const stats = [
    { label: "Total Articles", value: dashboard?.totalArticles },
    { label: "Connected Sites", value: dashboard?.connectedSites },
    { label: "Draft Articles", value: dashboard?.draftArticles },
  ];
  const steps = dashboard ? setupSteps(dashboard.setup, dashboard.connectedSites) : [];
  const newAccount = isNewAccount(dashboard);
  const needsAttention = dashboard ? dashboard.failures.length + dashboard.failedBatches.length : 0;

  return (
    <>
      <header className="dashboard-header">
        <hgroup>
          <h1>
            {newAccount ? "Welcome" : "Welcome back"}, {user?.email}
          </h1>
          <p>{dashboard && newAccount ? "Four steps to your first post" : "Here's what's happening with your content"}</p>
        </hgroup>
        <Link href="/articles/create" role="button">
          Create Article
        </Link>
      </header>
      {steps.some((step) => !step.done) && <SetupChecklist steps={steps} />}
      <section className="stat-cards" aria-label="Statistics">
        {stats.map(({ label, value }) => (
          <article key={label} className="stat-card" aria-busy={loading}>
            <h2>{label}</h2>
            <p className="stat-value">{loading ? "" : (value ?? "–")}</p>
          </article>
        ))}
      </section>
      {load.resource.status === "failed" && (
        <p role="alert">
          Your dashboard could not be loaded.{" "}
          <button type="button" className="secondary outline" onClick={load.reload}>
            Retry
          </button>
        </p>
      )}
      {dashboard && needsAttention > 0 && (
        <article aria-labelledby="needs-attention" className="needs-attention">
          <h2 id="needs-attention">Needs your attention</h2>
          <ul className="activity-list">
            {dashboard.failures.map((failure) => (
              <FailureItem key={`${failure.articleId}-${failure.siteId}`} failure={failure} onRetried={load.reload} />
            ))}
            {dashboard.failedBatches.map((batch) => (
              <li key={batch.id}>
                <span className="activity-title">
                  <Link href={`/batches/${batch.id}`}>{batch.name}</Link>
                  <small>
                    {batch.failed} {batch.failed === 1 ? "idea" : "ideas"} could not be drafted
                  </small>
                </span>
              </li>
            ))}
          </ul>
        </article>
      )}
      {dashboard && (
        <article aria-labelledby="upcoming-posts">
          <h2 id="upcoming-posts">Scheduled next</h2>
          {dashboard.upcoming.length === 0 ? (
            <p className="empty-state">
              Nothing scheduled. <Link href="/calendar">Plan posts in the Calendar</Link>
            </p>
          ) : (
            <ul className="activity-list">
              {dashboard.upcoming.map((post) => (
                <li key={post.id}>
                  <span className="activity-title">
                    <Link href={`/articles/edit/${post.id}`}>{post.title}</Link>
                    <small>
                      {formatDateTime(post.at)}
                      {post.siteNames.length > 0 ? ` to ${post.siteNames.join(", ")}` : " (no site chosen)"}
                    </small>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
      <article aria-labelledby="recent-activity" aria-busy={loading}>
        <h2 id="recent-activity">Recent Activity</h2>
        {dashboard?.recentArticles.length === 0 && <p className="empty-state">No recent activity to display</p>}
        {dashboard && dashboard.recentArticles.length > 0 && (
          <ul className="activity-list">
            {dashboard.recentArticles.map((article) => (
              <li key={article.id}>
                <span className="activity-title">
                  <Link href={`/articles/edit/${article.id}`}>{article.title}</Link>
                  <small>{formatDate(article.createdAt)}</small>
                </span>
                <StatusBadge status={article.status} />
              </li>
            ))}
          </ul>
        )}
      </article>
    </>
  );
}
