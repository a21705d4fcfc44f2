import { Link } from "wouter";
import { StatusBadge } from "../../ui/StatusBadge";
import { loadDashboard, type Dashboard } from "./data/dashboard";
import { formatDate } from "../../lib/dates";
import { notifyError } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import { useUser } from "../auth/index";

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

  return (
    <>
      <hgroup>
        <h1>Welcome back, {user?.email}</h1>
        <p>Here's what's happening with your content</p>
      </hgroup>
      <section className="stat-cards" aria-label="Statistics">
        {stats.map(({ label, value }) => (
          <article key={label} className="stat-card" aria-busy={loading}>
            <h2>{label}</h2>
            <p className="stat-value">{loading ? "" : (value ?? "–")}</p>
          </article>
        ))}
      </section>
      <article aria-labelledby="recent-activity" aria-busy={loading}>
        <h2 id="recent-activity">Recent Activity</h2>
        {load.resource.status === "failed" && (
          <p>
            Your recent activity could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={load.reload}>
              Retry
            </button>
          </p>
        )}
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
