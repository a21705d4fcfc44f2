/**
 * Saving a connected Ghost site on the system's siteConnections path (a site
 * is created only after a passed connection test; users hold no insert
 * grant): the public row in wordpress_sites (kind 'ghost'), the Admin API
 * key in ghost_site_credentials (no API role but service_role can read it),
 * sealed for that row (SystemAccess.sealSecret). If the key cannot be stored, the site row is removed again, so a site
 * never exists without its key.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../_shared/contracts/database.types.ts";
import { CONNECTED_SITE_COLUMNS, type ConnectedSite, connectedSiteSchema } from "../_shared/contracts/sites.ts";
import type { SecretPlace } from "../_shared/platform/secret_box.ts";

export interface NewGhostSite {
  userId: string;
  name: string;
  siteUrl: string;
  adminApiRoot: string;
  adminApiKey: string;
}

export type SaveGhostSite = (site: NewGhostSite) => Promise<ConnectedSite>;

export function ghostSiteSaver(
  siteConnections: SupabaseClient<Database>,
  seal: (value: string, place: SecretPlace) => Promise<string>,
): SaveGhostSite {
  return async (site) => {
    const inserted = await siteConnections
      .from("wordpress_sites")
      .insert({
        user_id: site.userId,
        kind: "ghost",
        name: site.name,
        site_url: site.siteUrl,
        username: null,
        base_url: site.adminApiRoot,
        seo_plugin: null,
      })
      .select(CONNECTED_SITE_COLUMNS)
      .single();
    if (inserted.error) throw new Error(`inserting the site: ${inserted.error.message}`);
    const row = connectedSiteSchema.parse(inserted.data);

    const credentials = await siteConnections.from("ghost_site_credentials").insert({
      site_id: row.id,
      user_id: site.userId,
      admin_api_key: await seal(site.adminApiKey, {
        column: "ghost_site_credentials.admin_api_key",
        userId: site.userId,
        rowKey: row.id,
      }),
    });
    if (credentials.error) {
      await siteConnections.from("wordpress_sites").delete().eq("id", row.id).eq("user_id", site.userId);
      throw new Error(`inserting the Admin API key: ${credentials.error.message}`);
    }
    return row;
  };
}
