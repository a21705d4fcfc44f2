import { type ConnectionField, connectSiteFailureSchema, connectSiteResultSchema, WORDPRESS_MESSAGES, type ConnectSiteRequest, type UpdateSiteRequest, type ConnectedSite, connectedSiteSchema } from "@contracts/sites";
import { readFunctionError } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { ConnectedSite };

/** The connection test failed: `message` belongs under the field named `field`, with `help` (how to fix it) behind it. */
export class SiteConnectionError extends Error {
  constructor(
    message: string,
    readonly field: ConnectionField,
    readonly help?: string,
  ) {
    super(message);
    this.name = "SiteConnectionError";
  }
}

const SITE_COLUMNS = "id, user_id, kind, name, site_url, username, base_url, seo_plugin, locale, created_at, updated_at";

/**
 * The signed-in user's sites, newest first. Parsed with the functions' schema:
 * the database's check on seo_plugin is not part of the generated types.
 */
export async function listConnectedSites(): Promise<ConnectedSite[]> {
  const { data, error } = await supabase
    .from("wordpress_sites")
    .select(SITE_COLUMNS)
    .order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return connectedSiteSchema.array().parse(data);
}

/** What the user enters to connect a site. */
export type SiteConnectionDetails = Omit<ConnectSiteRequest, "dryRun">;

/** What the user changes on a connected site; a blank application password keeps the stored one. */
export type SiteChanges = Omit<UpdateSiteRequest, "siteId">;

async function invokeConnect(
  input: ConnectSiteRequest | (UpdateSiteRequest & { action: "update" }) | { action: "recheck"; siteId: string },
  failureMessage: string,
): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke("wordpress-connect", { body: input });
  if (!error) return data;
  const body = await readFunctionError(error);
  const failure = connectSiteFailureSchema.safeParse(body);
  if (failure.success) throw new SiteConnectionError(failure.data.error, failure.data.field, failure.data.help);
  const message = typeof body?.error === "string" ? body.error : failureMessage;
  throw new Error(message);
}

/**
 * Tests the connection without saving anything. Throws `SiteConnectionError`
 * when WordPress cannot be reached or refuses the credentials.
 */
export async function testWordPressConnection(input: SiteConnectionDetails): Promise<void> {
  await invokeConnect({ ...input, dryRun: true }, WORDPRESS_MESSAGES.connectFailed);
}

/** Tests the connection again and saves the site; the credentials stay on the server. */
export async function connectWordPressSite(input: SiteConnectionDetails): Promise<ConnectedSite> {
  const data = await invokeConnect({ ...input, dryRun: false }, WORDPRESS_MESSAGES.connectFailed);
  const parsed = connectSiteResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(WORDPRESS_MESSAGES.connectFailed);
  return parsed.data.site;
}

/**
 * Changes a connected site: the server tests the connection again (with the
 * stored password when none is given) and saves only if it passes. Throws
 * `SiteConnectionError` when WordPress refuses, an Error with the server's
 * message otherwise (e.g. the site was removed meanwhile).
 */
export async function updateWordPressSite(siteId: string, changes: SiteChanges): Promise<ConnectedSite> {
  const data = await invokeConnect({ action: "update", siteId, ...changes }, WORDPRESS_MESSAGES.updateFailed);
  const parsed = connectSiteResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(WORDPRESS_MESSAGES.updateFailed);
  return parsed.data.site;
}

/**
 * Tests a connected site again with its stored credentials and records its
 * SEO plugin (installed since it was connected, say). Throws
 * `SiteConnectionError` when WordPress refuses.
 */
export async function recheckSite(siteId: string): Promise<ConnectedSite> {
  const data = await invokeConnect({ action: "recheck", siteId }, WORDPRESS_MESSAGES.recheckFailed);
  const parsed = connectSiteResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(WORDPRESS_MESSAGES.recheckFailed);
  return parsed.data.site;
}

/**
 * The site's language (a tag of LOCALES; null: not set): what bulk batches
 * for it are written in when neither the batch nor its assistant chooses.
 * The owner may write this column directly (row-level security).
 */
export async function setSiteLanguage(siteId: string, locale: string | null): Promise<void> {
  const { error, count } = await supabase.from("wordpress_sites").update({ locale }, { count: "exact" }).eq("id", siteId);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Site not found");
}

export async function removeSite(siteId: string): Promise<void> {
  const { error, count } = await supabase.from("wordpress_sites").delete({ count: "exact" }).eq("id", siteId);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Site not found");
}
