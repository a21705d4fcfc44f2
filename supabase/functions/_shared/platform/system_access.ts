/**
 * The secret key, and every path on which a function uses it. This module is
 * the only place that makes a client with the secret key (a test scans the
 * functions for any other); everything a signed-in user may do under RLS goes
 * through their own client instead (caller.ts).
 *
 * The secret key's role (service_role) bypasses row-level security, so each
 * path below is scoped by hand: by the user id the caller was verified as,
 * or, without a caller, by the owner the claimed work names. The SQL
 * functions these paths call take that user id explicitly and check it on
 * every row they touch.
 *
 * Why not let users call the writes below themselves, as security-definer
 * functions checking auth.uid()? Each is refused to users on purpose because
 * it must follow a check only the function can make: sanitising HTML, a
 * passed connection test, a rate-limit charge, an answer from WordPress, a
 * provider or a site's API, a storage quota. A user-callable RPC would let
 * the browser skip that check; keeping these service_role-only is the
 * simpler and the safer choice, and needs no new SQL.
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { type EnvReader, requireServiceKey } from "./keys.ts";

/** A client with the secret key: bypasses RLS. Only ever reached through a SystemAccess path. */
export type SystemClient = SupabaseClient<Database>;

export interface SystemAccess {
  // ── Stored secrets. The browser can never read them: no API role but
  // service_role holds a grant on api_keys, wordpress_site_credentials or
  // ghost_site_credentials (migrations 20261122000300, 20261122000550,
  // 20261129000200). One function per kind of secret, so decrypting them
  // later changes this module alone. Each is scoped by the user id as well
  // as the row it names.

  /** The user's OpenAI key (api_keys.openai_key), trimmed; null when none or blank. */
  readOpenAIKey(userId: string): Promise<string | null>;
  /** The user's fal.ai key (api_keys.falai_key), trimmed; null when none or blank. */
  readFalKey(userId: string): Promise<string | null>;
  /** The application password of the user's WordPress site; null when the user has no such site. */
  readApplicationPassword(userId: string, siteId: string): Promise<string | null>;
  /** The Admin API key of the user's Ghost site; null when the user has no such site. */
  readGhostAdminApiKey(userId: string, siteId: string): Promise<string | null>;

  // ── System paths, each a name for the one secret-key client.

  /**
   * Rate-limit counters: consume_rate_limit() (20261126000400), executable by
   * service_role only, and its log lives in the private schema. A user who
   * could call it could spend or probe another user's limit.
   */
  rateLimits: SystemClient;
  /**
   * generate-image: the images bucket is written by functions only (users
   * lost their upload and replace policies in 20261126000600, so only
   * checked images enter it), generated_images has no insert grant, and
   * image_storage_used() / record_generated_images() (20261126000500) count
   * the storage quota under a per-user lock, for service_role only. Also the
   * clean-up of a generation that could not be stored.
   */
  imageLibrary: SystemClient;
  /**
   * save-article: save_article() (20261127400200). Article HTML is stored
   * only after the server sanitised it: `content` is not writable by users
   * (20261126000300) and revisions have no write grant at all.
   */
  articleSaves: SystemClient;
  /**
   * publish-article and publish-scheduled: record_publication_success() /
   * record_publication_failure(). Publications are recorded by the publisher
   * alone (users may only read them), so "published" always means WordPress
   * or Ghost said so.
   */
  publicationRecords: SystemClient;
  /**
   * publish-scheduled, the scheduler, acting without a user: claims due
   * (article, site) pairs of every user (claim_due_scheduled_articles()),
   * reads the claimed articles, their sites and publications (scoped by the
   * claim's user id), and gives unstarted claims back.
   */
  scheduler: SystemClient;
  /**
   * draft-batch-worker, the bulk worker, acting without a user: claims,
   * completes, fails and releases queued jobs (20261128000400; the drafts it
   * stores are articles whose HTML it sanitised), and reads each job owner's
   * assistant, link-relevance setting and content index (scoped by the job's
   * user id).
   */
  draftWorker: SystemClient;
  /**
   * draft-batches: create_draft_batch(), cancel_draft_batch() and
   * retry_failed_draft_jobs(). The queue is written by functions only:
   * creating a batch and retrying failed drafts cost the bulk-drafting rate
   * limit, which the function charges first.
   */
  draftQueue: SystemClient;
  /**
   * wordpress-connect and ghost-connect: a site row is created, and its
   * address and login changed, only after a passed connection test (users
   * may only rename or remove a site: 20261122000500), and its credentials
   * are written with it.
   */
  siteConnections: SystemClient;
  /**
   * sync-site-content: the content index holds what the site's own API
   * answered, so it is written by functions only: record_site_content_sync(),
   * a failed sync's reason on site_content_syncs, and the embeddings queue
   * and record (20261201000100), embedded with the user's own key.
   */
  contentIndex: SystemClient;
  /**
   * Another run of a function only the scheduler may call (draft-batch-worker
   * starting helper runs for a backlog), POSTed as the cron job posts: the
   * secret key in `apikey`, a JSON body, at the project URL. Those functions
   * refuse every other caller, so only the system adds runs.
   */
  startRun(functionName: string, body: unknown, signal?: AbortSignal): Promise<Response>;
}

function secretReadError(table: string, error: { message: string }): Error {
  return new Error(`Could not read ${table}: ${error.message}`);
}

const present = (value: string | null | undefined) => value?.trim() || null;

type StartRun = SystemAccess["startRun"];
const noRuns: StartRun = () => Promise.reject(new Error("no function runs can be started here"));

/** The system paths over `client`, which must hold the secret key (and `startRun`, which must send it). */
export function systemAccessOver(client: SystemClient, startRun: StartRun = noRuns): SystemAccess {
  return {
    async readOpenAIKey(userId) {
      const { data, error } = await client.from("api_keys").select("openai_key").eq("user_id", userId).maybeSingle();
      if (error) throw secretReadError("api_keys", error);
      return present(data?.openai_key);
    },
    async readFalKey(userId) {
      const { data, error } = await client.from("api_keys").select("falai_key").eq("user_id", userId).maybeSingle();
      if (error) throw secretReadError("api_keys", error);
      return present(data?.falai_key);
    },
    async readApplicationPassword(userId, siteId) {
      const { data, error } = await client
        .from("wordpress_site_credentials")
        .select("application_password")
        .eq("site_id", siteId)
        .eq("user_id", userId)
        .maybeSingle();
      if (error) throw secretReadError("wordpress_site_credentials", error);
      return data?.application_password ?? null;
    },
    async readGhostAdminApiKey(userId, siteId) {
      const { data, error } = await client
        .from("ghost_site_credentials")
        .select("admin_api_key")
        .eq("site_id", siteId)
        .eq("user_id", userId)
        .maybeSingle();
      if (error) throw secretReadError("ghost_site_credentials", error);
      return data?.admin_api_key ?? null;
    },
    rateLimits: client,
    imageLibrary: client,
    articleSaves: client,
    publicationRecords: client,
    scheduler: client,
    draftWorker: client,
    draftQueue: client,
    siteConnections: client,
    contentIndex: client,
    startRun,
  };
}

/**
 * The system paths with the project's secret key, for SUPABASE_URL. Throws
 * at once (so the function fails to boot, visibly) when SUPABASE_URL or
 * every secret key is missing.
 */
export function createSystemAccess(env: EnvReader = Deno.env): SystemAccess {
  const url = env.get("SUPABASE_URL");
  if (!url) throw new Error("Missing environment variable SUPABASE_URL");
  const secretKey = requireServiceKey(env);
  const functions = `${url.replace(/\/+$/, "")}/functions/v1`;
  return systemAccessOver(
    createClient<Database>(url, secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }),
    (functionName, body, signal) =>
      fetch(`${functions}/${functionName}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: secretKey },
        body: JSON.stringify(body),
        signal,
      }),
  );
}
