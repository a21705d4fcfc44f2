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
import type { StoredTextProvider } from "../ai/provider_access.ts";
import type { AiOperation, AiProvider } from "../contracts/ai_provider.ts";
import { type EnvReader, requireServiceKey } from "./keys.ts";
import { type SecretBox, secretBoxFromEnv, type SecretColumn, type SecretPlace } from "./secret_box.ts";

/** A client with the secret key: bypasses RLS. Only ever reached through a SystemAccess path. */
export type SystemClient = SupabaseClient<Database>;

export interface SystemAccess {
  // ── Stored secrets. The browser can never read them: no API role but
  // service_role holds a grant on api_keys, wordpress_site_credentials,
  // ghost_site_credentials or keyword_data_providers (migrations
  // 20261122000300, 20261122000550, 20261129000200, 20261206000300). They are
  // stored sealed (secret_box.ts, migrations 20261204000400, 20261206000300)
  // and opened only here, one function per kind of secret, each scoped by the
  // user id as well as the row it names. A value still in plain text (stored
  // before encryption) or sealed with a previous key is sealed again with the
  // current key as it is read.

  /** The user's text-generation key (api_keys.openai_key), trimmed; null when none or blank. */
  readOpenAIKey(userId: string): Promise<string | null>;
  /**
   * The user's text-generation provider with that key: the provider and base
   * URL they chose (ai_provider_settings; none means OpenAI), their model per
   * operation, and the key. Read as one for the AI functions and the bulk
   * worker, which has no caller to read the settings as.
   */
  readTextProvider(userId: string): Promise<StoredTextProvider>;
  /** The user's fal.ai key (api_keys.falai_key), trimmed; null when none or blank. */
  readFalKey(userId: string): Promise<string | null>;
  /** The application password of the user's WordPress site; null when the user has no such site. */
  readApplicationPassword(userId: string, siteId: string): Promise<string | null>;
  /** The Admin API key of the user's Ghost site; null when the user has no such site. */
  readGhostAdminApiKey(userId: string, siteId: string): Promise<string | null>;
  /**
   * The user's keyword-data provider account (keyword_data_providers,
   * 20261206000300): its login and password with the location and language
   * asked for; null when the user has none.
   */
  readKeywordDataProvider(userId: string): Promise<StoredKeywordDataProvider | null>;
  /**
   * Stores the user's provider keys sealed (save-api-keys): a string stores
   * it, null removes it, undefined keeps the stored one; the last four
   * characters the Profile shows go beside it. Returns them.
   */
  saveApiKeys(
    userId: string,
    keys: { openaiKey?: string | null; falaiKey?: string | null },
  ): Promise<{ openaiKeyLast4: string | null; falaiKeyLast4: string | null }>;
  /**
   * Seals a secret for the row it is about to be written to (the connect
   * functions write site credentials on the siteConnections path with it).
   */
  sealSecret(value: string, place: SecretPlace): Promise<string>;
  /**
   * Stores the user's keyword-data provider account (keyword-data's `save`):
   * the password sealed, its last four characters beside it. A blank login
   * or password keeps the stored one; a new account needs both (else
   * `missing-credentials`, nothing written).
   */
  saveKeywordDataProvider(userId: string, account: KeywordDataProviderChange): Promise<"saved" | "missing-credentials">;
  /** Seals every secret still stored in plain text or under a previous key (seal-secrets); how many per column. */
  sealStoredSecrets(): Promise<Record<SecretColumn, number>>;

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
   * image_storage_used() / record_generated_images() (20261126000500; what
   * Storage holds since 20261204000200) count the storage quota under a
   * per-user lock, for service_role only. Also the
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
   * publish-article and publish-scheduled: claim_publication(),
   * begin_remote_create(), release_publication_claim() (20261204000100) and
   * record_publication_success() / record_publication_failure().
   * Publications are claimed and recorded by the publisher alone (users may
   * only read them), so "published" always means WordPress or Ghost said so,
   * and a claim is taken only by a publish that will honour it.
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
   * stores are articles whose HTML it sanitised), stores the outlines it
   * proposes for review (20261219000100), and reads each job owner's
   * assistant, link-relevance setting and content index (scoped by the job's
   * user id).
   */
  draftWorker: SystemClient;
  /**
   * draft-batches: create_draft_batch(), cancel_draft_batch(),
   * retry_failed_draft_jobs(), regenerate_draft_job() and the outline
   * approvals (approve_draft_job_outline(), approve_draft_batch_outlines()). The queue is written by functions only:
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
   * ai-provider: the cache of the model list the provider answered for the
   * user's key (ai_provider_settings.models, models_fetched_at; 20261202000200
   * grants users no write on them), so what the pickers offer is what the
   * provider listed.
   */
  modelLists: SystemClient;
  /**
   * seal-secrets, run once by the operator after deploying encryption:
   * plain_text_secrets() (20261204000400), the count of secrets still in
   * plain text, readable by service_role only.
   */
  secretMaintenance: SystemClient;
  /**
   * sync-site-content: the content index holds what the site's own API
   * answered, so it is written by functions only: record_site_content_sync(),
   * a failed sync's reason on site_content_syncs, and the embeddings queue
   * and record (20261201000100), embedded with the user's own key.
   */
  contentIndex: SystemClient;
  /**
   * keyword-data: keyword_data_requests (20261206000400) holds what the
   * provider answered and charged, the user's spend record and cache, so it
   * is written by the function only, after the provider answered; users may
   * only read theirs.
   */
  keywordDataRecords: SystemClient;
  /**
   * Another run of a function only the scheduler may call (draft-batch-worker
   * starting helper runs for a backlog), POSTed as the cron job posts: the
   * secret key in `apikey`, a JSON body, at the project URL. Those functions
   * refuse every other caller, so only the system adds runs.
   */
  startRun(functionName: string, body: unknown, signal?: AbortSignal): Promise<Response>;
}

export interface StoredKeywordDataProvider {
  provider: "dataforseo";
  login: string;
  password: string;
  locationCode: number;
  languageCode: string;
}

/** What keyword-data's `save` stores: a blank login or password keeps the stored one. */
export interface KeywordDataProviderChange {
  provider: "dataforseo";
  login: string;
  password: string;
  locationCode: number;
  languageCode: string;
}

function secretReadError(table: string, error: { message: string }): Error {
  return new Error(`Could not read ${table}: ${error.message}`);
}

const present = (value: string | null | undefined) => value?.trim() || null;

/** Reads one secret column of one row, opens it, and seals it anew when it was plain or under an old key. */
async function readSecret(
  box: SecretBox,
  place: SecretPlace,
  select: () => Promise<{ data: string | null | undefined; error: { message: string } | null }>,
  store: (sealed: string) => Promise<{ error: { message: string } | null }>,
): Promise<string | null> {
  const { data, error } = await select();
  if (error) throw secretReadError(place.column, error);
  if (data === null || data === undefined) return null;
  const opened = await box.open(data, place);
  if (opened.sealedWith !== "current") {
    // Best effort: the value read is right either way; the next read tries again.
    const resealed = await store(await box.seal(opened.value, place)).catch((cause: Error) => ({ error: cause }));
    if (resealed.error) console.error(`sealing a stored ${place.column} again failed: ${resealed.error.message}`);
  }
  return opened.value;
}

type ApiKeyColumn = "openai_key" | "falai_key";

/** A DataForSEO password is bound to its owner's row (one per user). */
const keywordDataPasswordPlace = (userId: string): SecretPlace => ({
  column: "keyword_data_providers.password",
  userId,
  rowKey: userId,
});
type SiteSecretTable = "wordpress_site_credentials" | "ghost_site_credentials";

type StartRun = SystemAccess["startRun"];
const noRuns: StartRun = () => Promise.reject(new Error("no function runs can be started here"));

/**
 * The system paths over `client`, which must hold the secret key; secrets sealed and opened with `box`;
 * `startRun` must send the secret key.
 */
export function systemAccessOver(
  client: SystemClient,
  box: SecretBox = secretBoxFromEnv(Deno.env),
  startRun: StartRun = noRuns,
): SystemAccess {
  const apiKeyPatch = (column: ApiKeyColumn, sealed: string | null) =>
    column === "openai_key" ? { openai_key: sealed } : { falai_key: sealed };

  const apiKey = (column: ApiKeyColumn) => async (userId: string) => {
    const place: SecretPlace = { column: `api_keys.${column}`, userId, rowKey: userId };
    const value = await readSecret(
      box,
      place,
      async () => {
        const { data, error } = await client.from("api_keys").select("openai_key, falai_key").eq("user_id", userId)
          .maybeSingle();
        return { data: data?.[column], error };
      },
      async (sealed) => await client.from("api_keys").update(apiKeyPatch(column, sealed)).eq("user_id", userId),
    );
    return present(value);
  };

  const siteSecret = (table: SiteSecretTable) => (userId: string, siteId: string) => {
    const column: SecretColumn = table === "wordpress_site_credentials"
      ? "wordpress_site_credentials.application_password"
      : "ghost_site_credentials.admin_api_key";
    return readSecret(
      box,
      { column, userId, rowKey: siteId },
      async () => {
        if (table === "wordpress_site_credentials") {
          const { data, error } = await client.from(table).select("application_password").eq("site_id", siteId)
            .eq("user_id", userId).maybeSingle();
          return { data: data?.application_password, error };
        }
        const { data, error } = await client.from(table).select("admin_api_key").eq("site_id", siteId)
          .eq("user_id", userId).maybeSingle();
        return { data: data?.admin_api_key, error };
      },
      async (sealed) =>
        table === "wordpress_site_credentials"
          ? await client.from(table).update({ application_password: sealed }).eq("site_id", siteId).eq("user_id", userId)
          : await client.from(table).update({ admin_api_key: sealed }).eq("site_id", siteId).eq("user_id", userId),
    );
  };

  /** The value sealed with the current key, or null when it already is (or there is none). */
  const resealed = async (stored: string | null, place: SecretPlace): Promise<string | null> => {
    if (stored === null) return null;
    const opened = await box.open(stored, place);
    return opened.sealedWith === "current" ? null : await box.seal(opened.value, place);
  };

  const readOpenAIKey = apiKey("openai_key");

  return {
    readOpenAIKey,
    async readTextProvider(userId) {
      const [settings, apiKey, profile] = await Promise.all([
        client
          .from("ai_provider_settings")
          .select("provider, base_url, drafting_model, keywords_model, seo_model")
          .eq("user_id", userId)
          .maybeSingle(),
        readOpenAIKey(userId),
        client.from("profiles").select("embeddings_model").eq("id", userId).maybeSingle(),
      ]);
      if (settings.error) throw secretReadError("ai_provider_settings", settings.error);
      if (profile.error) throw secretReadError("profiles", profile.error);
      const row = settings.data;
      const models: Record<AiOperation, string | null> = {
        drafting: present(row?.drafting_model),
        keywords: present(row?.keywords_model),
        seo: present(row?.seo_model),
        embeddings: present(profile.data?.embeddings_model),
      };
      return { provider: (row?.provider as AiProvider | undefined) ?? "openai", baseUrl: present(row?.base_url), apiKey, models };
    },
    readFalKey: apiKey("falai_key"),
    readApplicationPassword: siteSecret("wordpress_site_credentials"),
    readGhostAdminApiKey: siteSecret("ghost_site_credentials"),
    async readKeywordDataProvider(userId) {
      const { data, error } = await client
        .from("keyword_data_providers")
        .select("provider, login, password, location_code, language_code")
        .eq("user_id", userId)
        .maybeSingle();
      if (error) throw secretReadError("keyword_data_providers", error);
      if (!data || data.provider !== "dataforseo" || !present(data.login)) return null;
      const password = present(
        await readSecret(
          box,
          keywordDataPasswordPlace(userId),
          () => Promise.resolve({ data: data.password, error: null }),
          async (sealed) => await client.from("keyword_data_providers").update({ password: sealed }).eq("user_id", userId),
        ),
      );
      if (!password) return null;
      return {
        provider: data.provider,
        login: data.login.trim(),
        password,
        locationCode: data.location_code,
        languageCode: data.language_code,
      };
    },
    async saveApiKeys(userId, { openaiKey, falaiKey }) {
      const seal = (value: string | null | undefined, column: ApiKeyColumn) =>
        value ? box.seal(value, { column: `api_keys.${column}`, userId, rowKey: userId }) : Promise.resolve(null);
      const [openai, falai] = await Promise.all([seal(openaiKey, "openai_key"), seal(falaiKey, "falai_key")]);
      const { data, error } = await client
        .from("api_keys")
        .upsert({
          user_id: userId,
          ...(openaiKey !== undefined ? { openai_key: openai, openai_key_last4: openaiKey?.slice(-4) ?? null } : {}),
          ...(falaiKey !== undefined ? { falai_key: falai, falai_key_last4: falaiKey?.slice(-4) ?? null } : {}),
        }, { onConflict: "user_id" })
        .select("openai_key_last4, falai_key_last4")
        .single();
      if (error) throw new Error(`Could not save the keys: ${error.message}`);
      return { openaiKeyLast4: data.openai_key_last4, falaiKeyLast4: data.falai_key_last4 };
    },
    sealSecret: (value, place) => box.seal(value, place),
    async saveKeywordDataProvider(userId, { provider, login, password, locationCode, languageCode }) {
      const newLogin = present(login);
      const newPassword = present(password);
      const stored = await client.from("keyword_data_providers").select("user_id").eq("user_id", userId).maybeSingle();
      if (stored.error) throw secretReadError("keyword_data_providers", stored.error);
      const sealedPassword = newPassword
        ? { password: await box.seal(newPassword, keywordDataPasswordPlace(userId)), password_last4: newPassword.slice(-4) }
        : null;
      const settings = { provider, location_code: locationCode, language_code: languageCode };
      let error: { message: string } | null;
      if (stored.data) {
        ({ error } = await client.from("keyword_data_providers")
          .update({ ...settings, ...(newLogin ? { login: newLogin } : {}), ...sealedPassword })
          .eq("user_id", userId));
      } else {
        if (!newLogin || !sealedPassword) return "missing-credentials";
        // Upserted: a save racing this one for the same user overwrites rather than fails.
        ({ error } = await client.from("keyword_data_providers")
          .upsert({ user_id: userId, ...settings, login: newLogin, ...sealedPassword }, { onConflict: "user_id" }));
      }
      if (error) throw new Error(`Could not save the keyword data provider: ${error.message}`);
      return "saved";
    },
    async sealStoredSecrets() {
      const sealed: Record<SecretColumn, number> = {
        "api_keys.openai_key": 0,
        "api_keys.falai_key": 0,
        "wordpress_site_credentials.application_password": 0,
        "wordpress_site_credentials.webhook_secret": 0,
        "ghost_site_credentials.admin_api_key": 0,
        "keyword_data_providers.password": 0,
      };
      const count = (column: SecretColumn, value: string | null) => value !== null && sealed[column]++;
      const fail = (table: string, error: { message: string } | null) => {
        if (error) throw new Error(`Could not seal ${table}: ${error.message}`);
      };

      const keys = await client.from("api_keys").select("user_id, openai_key, falai_key");
      fail("api_keys", keys.error);
      for (const row of keys.data ?? []) {
        const place = (column: ApiKeyColumn): SecretPlace => ({ column: `api_keys.${column}`, userId: row.user_id, rowKey: row.user_id });
        const [openai, falai] = [await resealed(row.openai_key, place("openai_key")), await resealed(row.falai_key, place("falai_key"))];
        if (!openai && !falai) continue;
        count("api_keys.openai_key", openai);
        count("api_keys.falai_key", falai);
        const { error } = await client.from("api_keys")
          .update({ ...(openai ? { openai_key: openai } : {}), ...(falai ? { falai_key: falai } : {}) })
          .eq("user_id", row.user_id);
        fail("api_keys", error);
      }

      const passwords = await client.from("wordpress_site_credentials").select("site_id, user_id, application_password, webhook_secret");
      fail("wordpress_site_credentials", passwords.error);
      for (const row of passwords.data ?? []) {
        const place = (column: "application_password" | "webhook_secret"): SecretPlace => ({
          column: `wordpress_site_credentials.${column}`,
          userId: row.user_id,
          rowKey: row.site_id,
        });
        const password = await resealed(row.application_password, place("application_password"));
        const webhook = await resealed(row.webhook_secret, place("webhook_secret"));
        if (!password && !webhook) continue;
        count("wordpress_site_credentials.application_password", password);
        count("wordpress_site_credentials.webhook_secret", webhook);
        const { error } = await client.from("wordpress_site_credentials")
          .update({ ...(password ? { application_password: password } : {}), ...(webhook ? { webhook_secret: webhook } : {}) })
          .eq("site_id", row.site_id);
        fail("wordpress_site_credentials", error);
      }

      const ghostKeys = await client.from("ghost_site_credentials").select("site_id, user_id, admin_api_key");
      fail("ghost_site_credentials", ghostKeys.error);
      for (const row of ghostKeys.data ?? []) {
        const key = await resealed(row.admin_api_key, {
          column: "ghost_site_credentials.admin_api_key",
          userId: row.user_id,
          rowKey: row.site_id,
        });
        if (!key) continue;
        count("ghost_site_credentials.admin_api_key", key);
        const { error } = await client.from("ghost_site_credentials").update({ admin_api_key: key }).eq("site_id", row.site_id);
        fail("ghost_site_credentials", error);
      }

      const keywordData = await client.from("keyword_data_providers").select("user_id, password");
      fail("keyword_data_providers", keywordData.error);
      for (const row of keywordData.data ?? []) {
        const password = await resealed(row.password, keywordDataPasswordPlace(row.user_id));
        if (!password) continue;
        count("keyword_data_providers.password", password);
        const { error } = await client.from("keyword_data_providers").update({ password }).eq("user_id", row.user_id);
        fail("keyword_data_providers", error);
      }
      return sealed;
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
    keywordDataRecords: client,
    modelLists: client,
    secretMaintenance: client,
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
    secretBoxFromEnv(env),
    (functionName, body, signal) =>
      fetch(`${functions}/${functionName}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: secretKey },
        body: JSON.stringify(body),
        signal,
      }),
  );
}
