import { useEffect, useState } from "react";
import { Link } from "wouter";
import { SITE_CONTENT_MESSAGES } from "@contracts/site_content";
import { listSiteContentSyncs, syncSiteContent, type SiteContentSync } from "../links/index";
import { listConnectedSites, removeSite, type ConnectedSite } from "./data/sites";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useUser } from "../auth/index";
import { ConnectGhostSiteModal } from "./ConnectGhostSiteModal";
import { ConnectSiteModal } from "./ConnectSiteModal";
import { EditSiteModal } from "./EditSiteModal";
import { SiteCard } from "./SiteCard";
import { GhostSitesHelp, SitesHelp } from "./SitesHelp";
import "./sites.css";

type SitesLoad = { state: "loading" } | { state: "error"; message: string } | { state: "loaded"; sites: ConnectedSite[] };

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
  const [load, setLoad] = useState<SitesLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState<"wordpress" | "ghost">();
  const [editing, setEditing] = useState<ConnectedSite>();
  const [removingId, setRemovingId] = useState<string>();
  const [syncs, setSyncs] = useState<Record<string, SiteContentSync>>({});
  const [refreshingIds, setRefreshingIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!userId) return;
    let current = true;
    setLoad({ state: "loading" });
    // The index state is extra: without it the cards still show (as "Not indexed yet").
    Promise.all([listConnectedSites(), listSiteContentSyncs().catch(() => [])])
      .then(([sites, siteSyncs]) => {
        if (!current) return;
        setSyncs(Object.fromEntries(siteSyncs.map((sync) => [sync.siteId, sync])));
        setLoad({ state: "loaded", sites });
      })
      .catch((error: unknown) => {
        if (!current) return;
        setLoad({ state: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
  }, [userId, attempt]);

  if (!user) return <SignedOut />;

  const remove = async (site: ConnectedSite) => {
    if (!window.confirm("Are you sure you want to remove this site?")) return;
    setRemovingId(site.id);
    try {
      await removeSite(site.id);
      setLoad((current) =>
        current.state === "loaded" ? { state: "loaded", sites: current.sites.filter(({ id }) => id !== site.id) } : current,
      );
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

  const connected = (site: ConnectedSite) => {
    setAdding(undefined);
    setLoad((current) => ({ state: "loaded", sites: [site, ...(current.state === "loaded" ? current.sites : [])] }));
    // Only WordPress sites have a content index (Ghost posts are not indexed in this version).
    if (site.kind === "wordpress") void refresh(site, false);
  };

  const updated = (site: ConnectedSite) => {
    setEditing(undefined);
    setLoad((current) =>
      current.state === "loaded"
        ? { state: "loaded", sites: current.sites.map((shown) => (shown.id === site.id ? site : shown)) }
        : current,
    );
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
        <section aria-label="Connected sites" aria-busy={load.state === "loading"}>
          {load.state === "error" && (
            <p role="alert">
              Error: {load.message}{" "}
              <button type="button" className="secondary outline" onClick={() => setAttempt((count) => count + 1)}>
                Retry
              </button>
            </p>
          )}
          {load.state === "loaded" && load.sites.length === 0 && (
            <article className="sites-empty">
              <p>No WordPress sites connected yet.</p>
              <p>Choose Add Site to connect your first site.</p>
            </article>
          )}
          {load.state === "loaded" &&
            load.sites.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                removing={removingId === site.id}
                onEdit={setEditing}
                onRemove={remove}
                sync={syncs[site.id]}
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
    </>
  );
}
