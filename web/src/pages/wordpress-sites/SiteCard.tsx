import { SEO_PLUGIN_LABELS } from "../../../../supabase/functions/_shared/schemas/wordpress";
import type { WordPressSite } from "../../data/wordpressSites";
import { formatDate } from "../../lib/dates";

type SiteCardProps = {
  site: WordPressSite;
  removing: boolean;
  onEdit(site: WordPressSite): void;
  onRemove(site: WordPressSite): void;
};

/** A Ghost site: where its Admin API is; the key is write-only, and there is nothing else to edit. */
function GhostSiteDetails({ site }: { site: WordPressSite }) {
  return (
    <dl>
      <dt>Platform</dt>
      <dd>Ghost</dd>
      <dt>Admin API</dt>
      <dd>{site.base_url}</dd>
      <dt>Connected</dt>
      <dd>{formatDate(site.created_at)}</dd>
    </dl>
  );
}

export function SiteCard({ site, removing, onEdit, onRemove }: SiteCardProps) {
  const ghost = site.kind === "ghost";
  return (
    <article className="site-card" aria-labelledby={`site-${site.id}`}>
      <header>
        <h2 id={`site-${site.id}`}>{site.name}</h2>
        <a href={site.site_url} target="_blank" rel="noopener noreferrer">
          {site.site_url}
        </a>
      </header>
      {ghost ? (
        <GhostSiteDetails site={site} />
      ) : (
        <dl>
          <dt>Username</dt>
          <dd>{site.username}</dd>
          <dt>SEO plugin</dt>
          <dd>{site.seo_plugin ? SEO_PLUGIN_LABELS[site.seo_plugin] : "None detected"}</dd>
          <dt>Connected</dt>
          <dd>{formatDate(site.created_at)}</dd>
        </dl>
      )}
      <footer>
        {!ghost && (
          <button
            type="button"
            className="secondary outline"
            aria-label={`Edit ${site.name}`}
            disabled={removing}
            onClick={() => onEdit(site)}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          className="secondary outline"
          aria-label={`Remove ${site.name}`}
          disabled={removing}
          aria-busy={removing || undefined}
          onClick={() => onRemove(site)}
        >
          Remove
        </button>
      </footer>
    </article>
  );
}
