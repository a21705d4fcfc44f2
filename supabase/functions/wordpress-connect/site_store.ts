/**
 * Saving a connected site with the service client: the public row in
 * wordpress_sites, the secrets in wordpress_site_credentials (no API role
 * but service_role can read them). If the credentials cannot be stored, the
 * site row is removed again, so a site never exists without its password.
 */
import type { ServiceClient } from "../_shared/platform/service_client.ts";
import { type SeoPlugin, type WordPressSite, wordpressSiteSchema } from "../_shared/schemas/wordpress.ts";

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

export type SaveSite = (site: NewSite) => Promise<WordPressSite>;

/** The columns the browser may see: never the application password or webhook secret. */
export const PUBLIC_SITE_COLUMNS =
  "id, user_id, name, site_url, username, base_url, seo_plugin, created_at, updated_at";

export function siteSaver(service: ServiceClient): SaveSite {
  return async (site) => {
    const inserted = await service
      .from("wordpress_sites")
      .insert({
        user_id: site.userId,
        name: site.name,
        site_url: site.siteUrl,
        username: site.username,
        base_url: site.baseUrl,
        seo_plugin: site.seoPlugin,
      })
      .select(PUBLIC_SITE_COLUMNS)
      .single();
    if (inserted.error) throw new Error(`inserting the site: ${inserted.error.message}`);
    // seo_plugin's check constraint is not in the generated types: parsed here.
    const row = wordpressSiteSchema.parse(inserted.data);

    const credentials = await service.from("wordpress_site_credentials").insert({
      site_id: row.id,
      user_id: site.userId,
      application_password: site.applicationPassword,
      webhook_secret: site.webhookSecret,
    });
    if (credentials.error) {
      await service.from("wordpress_sites").delete().eq("id", row.id).eq("user_id", site.userId);
      throw new Error(`inserting the site credentials: ${credentials.error.message}`);
    }
    return row;
  };
}
