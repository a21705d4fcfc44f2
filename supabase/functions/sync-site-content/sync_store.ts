/**
 * The content index's side of `sync-site-content`. The sync state is read
 * as the caller (row-level security: only their own sites' state). The
 * index is written on the system's contentIndex path by
 * record_site_content_sync() (migration 20261130000200_site_content_syncs.sql),
 * which checks that the site is the user's again and writes entries, removals
 * and the sync state in one transaction, and a failed sync's reason is kept
 * on the same path.
 */
import type { CallerClient } from "../_shared/platform/caller.ts";
import type { SystemClient } from "../_shared/platform/system_access.ts";
import type { SiteContentSnapshot } from "../_shared/publishing/wordpress/site_content.ts";

export interface SyncState {
  modifiedCursor: string | null;
  lastFullSyncAt: string | null;
}

export interface RecordedSync {
  upserted: number;
  removed: number;
  entryCount: number;
}

export interface SyncStore {
  findSyncState(userId: string, siteId: string): Promise<SyncState | null>;
  recordSync(userId: string, siteId: string, snapshot: SiteContentSnapshot): Promise<RecordedSync>;
  /** Keeps the reason of a failed sync for the site card; the index itself is left as it was. */
  recordFailure(userId: string, siteId: string, message: string): Promise<void>;
}

const LAST_ERROR_MAX_LENGTH = 500;

export function createSyncStore(caller: CallerClient, contentIndex: SystemClient): SyncStore {
  return {
    async findSyncState(_userId, siteId) {
      const { data, error } = await caller
        .from("site_content_syncs")
        .select("modified_cursor, last_full_sync_at")
        .eq("site_id", siteId)
        .maybeSingle();
      if (error) throw new Error(`loading the sync state: ${error.message}`);
      return data ? { modifiedCursor: data.modified_cursor, lastFullSyncAt: data.last_full_sync_at } : null;
    },

    async recordSync(userId, siteId, snapshot) {
      const { data, error } = await contentIndex.rpc("record_site_content_sync", {
        p_user_id: userId,
        p_site_id: siteId,
        p_full: snapshot.mode === "full",
        p_entries: snapshot.entries,
        p_removed: snapshot.removed,
        p_cursor: snapshot.cursor ?? undefined,
      });
      if (error) throw new Error(`recording the sync: ${error.message}`);
      const row = Array.isArray(data) ? data[0] : data;
      if (!row) throw new Error("record_site_content_sync returned no row");
      return { upserted: row.upserted, removed: row.removed, entryCount: row.entry_count };
    },

    async recordFailure(userId, siteId, message) {
      const { error } = await contentIndex.from("site_content_syncs").upsert({
        site_id: siteId,
        user_id: userId,
        last_error: message.slice(0, LAST_ERROR_MAX_LENGTH),
        last_error_at: new Date().toISOString(),
      }, { onConflict: "site_id" });
      if (error) throw new Error(`recording the failed sync: ${error.message}`);
    },
  };
}
