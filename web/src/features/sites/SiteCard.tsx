import type { ReactNode } from "react";
import { SEO_PLUGIN_LABELS } from "@contracts/sites";
import { LocaleOptions } from "../../ui/LocaleSelect";
import type { SiteContentSync } from "../links/index";
import type { ConnectedSite } from "./data/sites";
import { formatDate } from "../../lib/dates";
import { FieldHelp } from "./FieldHelp";

/** Why a re-check failed, with how to fix it when known. */
export type CheckFailure = { message: string; help?: string };

type SiteCardProps = {
  site: ConnectedSite;
  removing: boolean;
  onEdit(site: ConnectedSite): void;
  onRemove(site: ConnectedSite): void;
  /** The site's content index: undefined until it was first synced. */
  sync?: SiteContentSync;
  refreshing: boolean;
  onRefresh(site: ConnectedSite): void;
  /** A re-check (test with the stored credentials, SEO plugin recorded) under way. */
  checking: boolean;
  checkFailure?: CheckFailure;
  onRecheck(site: ConnectedSite): void;
  /** A language chosen for the site (null: not set). */
  onLanguageChange(site: ConnectedSite, locale: string | null): void;
  /** The site's language is being saved: it cannot be changed again meanwhile. */
  savingLanguage: boolean;
};

const entries = (count: number) => `${count} ${count === 1 ? "post or page" : "posts and pages"}`;

function indexSummary(sync: SiteContentSync | undefined, refreshing: boolean): string {
  if (refreshing) return "Refreshing…";
  if (!sync?.lastSyncedAt) return "Not indexed yet";
  return `${entries(sync.entryCount)}, refreshed ${formatDate(sync.lastSyncedAt)}`;
}

/**
 * The site's language, saved as it is chosen: what bulk batches for the site
 * are written in when neither the batch nor its assistant chooses one.
 */
function SiteLanguage({
  site,
  saving,
  onChange,
}: {
  site: ConnectedSite;
  saving: boolean;
  onChange(locale: string | null): void;
}) {
  const labelId = `site-${site.id}-language`;
  return (
    <>
      <dt id={labelId}>Language</dt>
      <dd>
        <span className="select-control">
          <select
            aria-labelledby={`${labelId} site-${site.id}`}
            value={site.locale ?? ""}
            disabled={saving}
            aria-busy={saving || undefined}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <LocaleOptions unsetLabel="Not set" />
          </select>
        </span>
      </dd>
    </>
  );
}

/** A Ghost site: where its Admin API is; the key is write-only, and there is nothing else to edit. */
function GhostSiteDetails({ site, language }: { site: ConnectedSite; language: ReactNode }) {
  return (
    <dl>
      <dt>Platform</dt>
      <dd>Ghost</dd>
      <dt>Admin API</dt>
      <dd>{site.base_url}</dd>
      <dt>Connected</dt>
      <dd>{formatDate(site.created_at)}</dd>
      {language}
    </dl>
  );
}

/** Ghost cards have no content index (Ghost posts are not indexed for internal links in this version). */
export function SiteCard({
  site,
  removing,
  onEdit,
  onRemove,
  sync,
  refreshing,
  onRefresh,
  checking,
  checkFailure,
  onRecheck,
  onLanguageChange,
  savingLanguage,
}: SiteCardProps) {
  const ghost = site.kind === "ghost";
  const language = <SiteLanguage site={site} saving={savingLanguage} onChange={(locale) => onLanguageChange(site, locale)} />;
  const errorId = `site-${site.id}-sync-error`;
  const showError = Boolean(sync?.lastError) && !refreshing;
  return (
    <article className="site-card" aria-labelledby={`site-${site.id}`}>
      <header>
        <h2 id={`site-${site.id}`}>{site.name}</h2>
        <a href={site.site_url} target="_blank" rel="noopener noreferrer">
          {site.site_url}
        </a>
      </header>
      {ghost ? (
        <GhostSiteDetails site={site} language={language} />
      ) : (
        <dl>
          <dt>Username</dt>
          <dd>{site.username}</dd>
          <dt>SEO plugin</dt>
          <dd aria-live="polite">
            {checking ? "Checking…" : site.seo_plugin ? SEO_PLUGIN_LABELS[site.seo_plugin] : "None detected"}{" "}
            <button
              type="button"
              className="secondary outline site-inline-action"
              aria-label={`Check again: the connection and SEO plugin of ${site.name}`}
              disabled={checking}
              aria-busy={checking || undefined}
              onClick={() => onRecheck(site)}
            >
              Check again
            </button>
            {checkFailure && !checking && (
              <>
                <small role="alert" className="site-sync-error">
                  Check failed: {checkFailure.message}
                </small>
                <FieldHelp help={checkFailure.help} />
              </>
            )}
          </dd>
          <dt>Connected</dt>
          <dd>{formatDate(site.created_at)}</dd>
          {language}
          <dt>Content for links</dt>
          <dd aria-live="polite">
            {indexSummary(sync, refreshing)}
            {showError && (
              <small id={errorId} className="site-sync-error">
                Last refresh failed: {sync?.lastError}
              </small>
            )}
          </dd>
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
        {!ghost && (
          <button
            type="button"
            className="secondary outline"
            aria-label={`Refresh content of ${site.name}`}
            aria-describedby={showError ? errorId : undefined}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
            onClick={() => onRefresh(site)}
          >
            Refresh content
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
