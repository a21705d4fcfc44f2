import { useState } from "react";
import { Link } from "wouter";
import { SITE_CONTENT_MESSAGES } from "@contracts/site_content";
import { listSiteContentSyncs, syncSiteContent, type SiteContentSync } from "../links/index";
import { WORDPRESS_MESSAGES } from "@contracts/sites";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import {
  listConnectedSites,
  recheckSite,
  removeSite,
  setSiteLanguage,
  SiteConnectionError,
  type ConnectedSite,
} from "./data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import { useUser } from "../auth/index";
import { ConnectGhostSiteModal } from "./ConnectGhostSiteModal";
import { ConnectSiteModal } from "./ConnectSiteModal";
import { EditSiteModal } from "./EditSiteModal";
import { SiteCard, type CheckFailure } from "./SiteCard";
import { GhostSitesHelp, SitesHelp } from "./SitesHelp";
import "./sites.css";

/** The connected sites, and each one's content index (internal links are chosen from it). */
interface SitesView {
  sites: ConnectedSite[];
  syncs: Record<string, SiteContentSync>;
}

async function loadSites(): Promise<SitesView> {
  // The index state is extra: without it the cards still show (as "Not indexed yet").
  const [sites, syncs] = await Promise.all([listConnectedSites(), listSiteContentSyncs().catch(() => [])]);
  return { sites, syncs: Object.fromEntries(syncs.map((sync) => [sync.siteId, sync])) };
}

function SignedOut() {
  return (
    <article className="sites-signed-out">
      <h1>Authentication Required</h1>
      <p>Please log in to manage your WordPress sites</p>
      <Link href="/login" role="button">
        Log In
      </Link>
    </article>
  );
}

export default function WordPressSitesPage() {
  const user = useUser();
  const userId = user?.id;
  const load = useResource(userId ? loadSites : null, [userId]);
  const [adding, setAdding] = useState<"wordpress" | "ghost">();
  const [editing, setEditing] = useState<ConnectedSite>();
  const [removingId, setRemovingId] = useState<string>();
  const [refreshingIds, setRefreshingIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmingRemoval, setConfirmingRemoval] = useState<ConnectedSite>();
  const [checkingIds, setCheckingIds] = useState<ReadonlySet<string>>(new Set());
  const [savingLanguageIds, setSavingLanguageIds] = useState<ReadonlySet<string>>(new Set());
  const [checkFailures, setCheckFailures] = useState<Readonly<Record<string, CheckFailure>>>({});

  const setSites = (update: (sites: ConnectedSite[]) => ConnectedSite[]) =>
    load.setData((view) => ({ ...view, sites: update(view.sites) }));
  const setSyncs = (update: (syncs: SitesView["syncs"]) => SitesView["syncs"]) =>
    load.setData((view) => ({ ...view, syncs: update(view.syncs) }));

  if (!user) return <SignedOut />;

  // One save per site at a time (its select is disabled meanwhile), so a failure puts back the value saved last.
  const changeLanguage = async (site: ConnectedSite, locale: string | null) => {
    setSavingLanguageIds((ids) => new Set(ids).add(site.id));
    setSites((sites) => sites.map((shown) => (shown.id === site.id ? { ...shown, locale } : shown)));
    try {
      await setSiteLanguage(site.id, locale);
      notifySuccess(`Language of ${site.name} saved`);
    } catch {
      setSites((sites) => sites.map((shown) => (shown.id === site.id ? { ...shown, locale: site.locale } : shown)));
      notifyError(`Failed to save the language of ${site.name}`);
    } finally {
      setSavingLanguageIds((ids) => {
        const next = new Set(ids);
        next.delete(site.id);
        return next;
      });
    }
  };

  const remove = async (site: ConnectedSite) => {
    setConfirmingRemoval(undefined);
    setRemovingId(site.id);
    try {
      await removeSite(site.id);
      setSites((sites) => sites.filter(({ id }) => id !== site.id));
      notifySuccess("Site removed successfully");
    } catch {
      notifyError("Failed to remove site");
    } finally {
      setRemovingId(undefined);
    }
  };

  /**
   * Refreshes the site's content index (internal links are chosen from it).
   * `announce`: a toast on success too; a refresh started by connecting the
   * site only speaks up when it fails.
   */
  const refresh = async (site: ConnectedSite, announce = true) => {
    setRefreshingIds((ids) => new Set(ids).add(site.id));
    try {
      const result = await syncSiteContent(site.id);
      const synced = { siteId: site.id, entryCount: result.entryCount, lastSyncedAt: result.syncedAt, lastError: null };
      setSyncs((current) => ({ ...current, [site.id]: synced }));
      if (announce) {
        notifySuccess(`${SITE_CONTENT_MESSAGES.synced}: ${result.entryCount} posts and pages of ${site.name}`);
      }
      // Ranking by embeddings: the sync succeeded, but the new posts could not be embedded.
      if (result.embeddings?.error) {
        notifyError(`${site.name}: the new posts were not embedded: ${result.embeddings.error}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : SITE_CONTENT_MESSAGES.syncFailed;
      setSyncs((current) => ({
        ...current,
        [site.id]: {
          siteId: site.id,
          entryCount: current[site.id]?.entryCount ?? 0,
          lastSyncedAt: current[site.id]?.lastSyncedAt ?? null,
          lastError: message.replace(`${SITE_CONTENT_MESSAGES.syncFailed}: `, ""),
        },
      }));
      notifyError(message);
    } finally {
      setRefreshingIds((ids) => {
        const next = new Set(ids);
        next.delete(site.id);
        return next;
      });
    }
  };

  /** Tests the site again with its stored credentials: its SEO plugin may have been installed since. */
  const recheck = async (site: ConnectedSite) => {
    setCheckingIds((ids) => new Set(ids).add(site.id));
    setCheckFailures(({ [site.id]: _gone, ...others }) => others);
    try {
      const checked = await recheckSite(site.id);
      setSites((sites) => sites.map((shown) => (shown.id === checked.id ? checked : shown)));
      notifySuccess(WORDPRESS_MESSAGES.rechecked);
    } catch (error) {
      const failure: CheckFailure =
        error instanceof SiteConnectionError
          ? { message: error.message, help: error.help }
          : { message: error instanceof Error && error.message ? error.message : WORDPRESS_MESSAGES.recheckFailed };
      setCheckFailures((failures) => ({ ...failures, [site.id]: failure }));
    } finally {
      setCheckingIds((ids) => {
        const next = new Set(ids);
        next.delete(site.id);
        return next;
      });
    }
  };

  const connected = (site: ConnectedSite) => {
    setAdding(undefined);
    setSites((sites) => [site, ...sites]);
    // Only WordPress sites have a content index (Ghost posts are not indexed in this version).
    if (site.kind === "wordpress") void refresh(site, false);
  };

  const updated = (site: ConnectedSite) => {
    setEditing(undefined);
    setSites((sites) => sites.map((shown) => (shown.id === site.id ? site : shown)));
  };

  return (
    <>
      <div className="sites-heading">
        <h1>WordPress Sites</h1>
        <div className="sites-heading-actions">
          <button type="button" onClick={() => setAdding("wordpress")}>
            Add Site
          </button>
          <button type="button" className="secondary" onClick={() => setAdding("ghost")}>
            Add Ghost Site
          </button>
        </div>
      </div>
      <div className="sites-layout">
        <section aria-label="Connected sites" aria-busy={load.loading}>
          {load.resource.status === "failed" && (
            <p role="alert">
              Error: {load.resource.error instanceof Error ? load.resource.error.message : String(load.resource.error)}{" "}
              <button type="button" className="secondary outline" onClick={load.reload}>
                Retry
              </button>
            </p>
          )}
          {load.resource.status === "ready" && load.resource.data.sites.length === 0 && (
            <article className="sites-empty">
              <p>No WordPress sites connected yet.</p>
              <p>Choose Add Site to connect your first site.</p>
            </article>
          )}
          {load.resource.status === "ready" &&
            load.resource.data.sites.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                removing={removingId === site.id}
                onEdit={setEditing}
                onRemove={setConfirmingRemoval}
                checking={checkingIds.has(site.id)}
                checkFailure={checkFailures[site.id]}
                onRecheck={(target) => void recheck(target)}
                savingLanguage={savingLanguageIds.has(site.id)}
                onLanguageChange={(target, locale) => void changeLanguage(target, locale)}
                sync={load.data?.syncs[site.id]}
                refreshing={refreshingIds.has(site.id)}
                onRefresh={(target) => void refresh(target)}
              />
            ))}
        </section>
        <div className="sites-help-column">
          <SitesHelp />
          <GhostSitesHelp />
        </div>
      </div>
      {adding === "wordpress" && <ConnectSiteModal onClose={() => setAdding(undefined)} onConnected={connected} />}
      {adding === "ghost" && <ConnectGhostSiteModal onClose={() => setAdding(undefined)} onConnected={connected} />}
      {editing && <EditSiteModal site={editing} onClose={() => setEditing(undefined)} onSaved={updated} />}
      {confirmingRemoval && (
        <ConfirmDialog
          title={`Remove ${confirmingRemoval.name}?`}
          message="Are you sure you want to remove this site?"
          confirmLabel="Remove"
          onCancel={() => setConfirmingRemoval(undefined)}
          onConfirm={() => void remove(confirmingRemoval)}
        />
      )}
    </>
  );
}
