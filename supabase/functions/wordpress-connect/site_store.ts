/**
 * A connected WordPress site: the public row in wordpress_sites, the secrets
 * in wordpress_site_credentials (no API role but service_role can read
 * them). The site is loaded as the caller (row-level security: another
 * user's site is not there) with its password read as a stored secret; it
 * is saved and updated on the system's siteConnections path, because its
 * address and login are written only after a passed connection test (users
 * may only rename or remove a site). The password and webhook secret are
 * stored sealed (SealSecret: SystemAccess.sealSecret, bound to the site's
 * row). If the credentials cannot be stored, the site row is removed again,
 * so a site never exists without its password.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../_shared/contracts/database.types.ts";
import { CONNECTED_SITE_COLUMNS, type ConnectedSite, connectedSiteSchema, type SeoPlugin } from "../_shared/contracts/sites.ts";
import type { SecretPlace } from "../_shared/platform/secret_box.ts";

/** Seals a secret for the row it goes to (SystemAccess.sealSecret). */
export type SealSecret = (value: string, place: SecretPlace) => Promise<string>;

export interface NewSite {
  userId: string;
  name: string;
  siteUrl: string;
  username: string;
  baseUrl: string;
  seoPlugin: SeoPlugin | null;
  applicationPassword: string;
  webhookSecret: string | null;
}

export type SaveSite = (site: NewSite) => Promise<ConnectedSite>;

/**
 * The clients' type (CallerClient and SystemClient of _shared/platform/),
 * spelled without importing those Deno-only modules: the integration suite
 * (Node) drives this store directly.
 */
type DatabaseClient = SupabaseClient<Database>;

/** The stored application password of the user's site (SystemAccess.readApplicationPassword). */
export type ReadApplicationPassword = (userId: string, siteId: string) => Promise<string | null>;

/** Saves on the system's siteConnections path: the user id is explicit on both rows. */
export function siteSaver(siteConnections: DatabaseClient, seal: SealSecret): SaveSite {
  return async (site) => {
    const inserted = await siteConnections
      .from("wordpress_sites")
      .insert({
        user_id: site.userId,
        name: site.name,
        site_url: site.siteUrl,
        username: site.username,
        base_url: site.baseUrl,
        seo_plugin: site.seoPlugin,
      })
      .select(CONNECTED_SITE_COLUMNS)
      .single();
    if (inserted.error) throw new Error(`inserting the site: ${inserted.error.message}`);
    // seo_plugin's check constraint is not in the generated types: parsed here.
    const row = connectedSiteSchema.parse(inserted.data);

    const place = (column: "application_password" | "webhook_secret"): SecretPlace => ({
      column: `wordpress_site_credentials.${column}`,
      userId: site.userId,
      rowKey: row.id,
    });
    const credentials = await siteConnections.from("wordpress_site_credentials").insert({
      site_id: row.id,
      user_id: site.userId,
      application_password: await seal(site.applicationPassword, place("application_password")),
      webhook_secret: site.webhookSecret === null ? null : await seal(site.webhookSecret, place("webhook_secret")),
    });
    if (credentials.error) {
      await siteConnections.from("wordpress_sites").delete().eq("id", row.id).eq("user_id", site.userId);
      throw new Error(`inserting the site credentials: ${credentials.error.message}`);
    }
    return row;
  };
}

/** A connected site as an update needs it: where it is, whose login it uses, and its stored password. */
export interface StoredSite {
  name: string;
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

/** The caller's site, or null when there is none with this id for them. */
export type LoadSite = (userId: string, siteId: string) => Promise<StoredSite | null>;

/** What a passed connection test found out about the site. */
export interface TestedConnection {
  siteUrl: string;
  baseUrl: string;
  seoPlugin: SeoPlugin | null;
}

export interface SiteUpdate {
  userId: string;
  siteId: string;
  name: string;
  username: string;
  /** The result of the re-test, or null when none was needed (only the name changed): kept as stored. */
  connection: TestedConnection | null;
  /** The new password, or null to keep the stored one. */
  applicationPassword: string | null;
  /** The stored password, put back if the site row cannot be updated after the password was. */
  previousApplicationPassword: string;
}

/** The updated row (without secrets), or null when the site is gone. */
export type UpdateSite = (update: SiteUpdate) => Promise<ConnectedSite | null>;

/**
 * Security: the row is read as the caller, so another user's site id finds
 * nothing; only then is the password read, for that user and site.
 */
export function siteLoader(caller: DatabaseClient, readApplicationPassword: ReadApplicationPassword): LoadSite {
  return async (userId, siteId) => {
    const site = await caller
      .from("wordpress_sites")
      .select("name, site_url, username")
      .eq("id", siteId)
      .eq("kind", "wordpress")
      .maybeSingle();
    if (site.error) throw new Error(`reading the site: ${site.error.message}`);
    if (!site.data) return null;
    // wordpress_sites_username_for_wordpress: never null for a WordPress site.
    if (site.data.username === null) throw new Error("the WordPress site has no username");
    const applicationPassword = await readApplicationPassword(userId, siteId);
    if (applicationPassword === null) throw new Error("the site has no stored credentials");
    return { name: site.data.name, siteUrl: site.data.site_url, username: site.data.username, applicationPassword };
  };
}

/**
 * Stores an update (tested, when the username or password changed): the new
 * password first (when one was given), then the public row. PostgREST cannot
 * write both tables in one transaction, so if the row cannot be updated the
 * previous password is put back: the stored username and password always
 * belong together. On the system's siteConnections path, so both writes are
 * scoped to the user's id here.
 */
export function siteUpdater(siteConnections: DatabaseClient, seal: SealSecret): UpdateSite {
  return async (update) => {
    const setPassword = async (applicationPassword: string) =>
      await siteConnections
        .from("wordpress_site_credentials")
        .update({
          application_password: await seal(applicationPassword, {
            column: "wordpress_site_credentials.application_password",
            userId: update.userId,
            rowKey: update.siteId,
          }),
        })
        .eq("site_id", update.siteId)
        .eq("user_id", update.userId)
        .select("site_id");
    if (update.applicationPassword !== null) {
      const credentials = await setPassword(update.applicationPassword);
      if (credentials.error) throw new Error(`updating the site credentials: ${credentials.error.message}`);
      if (credentials.data.length === 0) return null;
    }
    const { connection } = update;
    const updated = await siteConnections
      .from("wordpress_sites")
      .update({
        name: update.name,
        username: update.username,
        ...(connection
          ? { site_url: connection.siteUrl, base_url: connection.baseUrl, seo_plugin: connection.seoPlugin }
          : {}),
      })
      .eq("id", update.siteId)
      .eq("user_id", update.userId)
      .eq("kind", "wordpress")
      .select(CONNECTED_SITE_COLUMNS)
      .maybeSingle();
    if (updated.error) {
      if (update.applicationPassword !== null) await setPassword(update.previousApplicationPassword);
      throw new Error(`updating the site: ${updated.error.message}`);
    }
    return updated.data && connectedSiteSchema.parse(updated.data);
  };
}
