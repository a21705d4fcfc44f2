/**
 * Ghost sites: the request the browser sends to `ghost-connect`, its result
 * and the user-facing messages. Publishing to a Ghost site uses the
 * WordPress publish contract (`schemas/wordpress.ts`, `publish_events.ts`).
 * Shared with the browser: imports nothing but zod and sibling schemas.
 */
import { z } from "zod";
import { isHttpUrl, withDefaultScheme } from "./web_address.ts";
import { SITE_NAME_MAX_LENGTH, SITE_URL_MAX_LENGTH, WORDPRESS_MESSAGES, connectedSiteSchema } from "./sites.ts";

export const GHOST_MESSAGES = {
  adminApiKeyRequired: "Admin API key is required",
  invalidAdminApiKey:
    "This is not a Ghost Admin API key: it is 24 characters, a colon and 64 characters. Copy the Admin API key of your custom integration.",
  notGhost:
    "Could not find the Ghost Admin API at this address. Please enter the API URL shown in your Ghost custom integration.",
  authenticationFailed:
    "Ghost refused the Admin API key. Please copy the Admin API key of your custom integration again.",
  permissionDenied:
    "This Admin API key may not create posts. Use the key of a custom integration (Ghost Admin → Settings → Integrations).",
  siteUnreachable: "Could not connect to the Ghost site. Please check the API URL and try again.",
  connectFailed: "Failed to connect Ghost site",
  connected: "Ghost site connected successfully",
  updateCollision:
    "The post was changed in Ghost while Inkpress was updating it. Publish again to update the latest version.",
  publishFailed: "Failed to publish to Ghost",
  published: "Article published successfully to Ghost",
} as const;

export const ADMIN_API_KEY_MAX_LENGTH = 100;

/** The Connect Ghost Site form; also the body of `ghost-connect`. */
export const connectGhostSiteRequestSchema = z.object({
  name: z.string({ error: WORDPRESS_MESSAGES.siteNameRequired }).trim().min(1, WORDPRESS_MESSAGES.siteNameRequired)
    .max(SITE_NAME_MAX_LENGTH, `Site name must be at most ${SITE_NAME_MAX_LENGTH} characters`),
  /** The integration's API URL (the site's address); "example.com" is taken as "https://example.com". */
  admin_url: z
    .string({ error: WORDPRESS_MESSAGES.invalidUrl })
    .trim()
    .max(SITE_URL_MAX_LENGTH, WORDPRESS_MESSAGES.invalidUrl)
    .transform(withDefaultScheme)
    .refine(isHttpUrl, WORDPRESS_MESSAGES.invalidUrl),
  admin_api_key: z
    .string({ error: GHOST_MESSAGES.adminApiKeyRequired })
    .trim()
    .min(1, GHOST_MESSAGES.adminApiKeyRequired)
    .max(ADMIN_API_KEY_MAX_LENGTH, GHOST_MESSAGES.invalidAdminApiKey)
    .transform((key) => key.toLowerCase())
    .refine((key) => /^[0-9a-f]{24}:[0-9a-f]{64}$/.test(key), GHOST_MESSAGES.invalidAdminApiKey),
});
export type ConnectGhostSiteRequest = z.input<typeof connectGhostSiteRequestSchema>;

/** 201 from `ghost-connect`: the saved row, without the key. */
export const connectGhostSiteResultSchema = z.object({ site: connectedSiteSchema });

/** 422 from `ghost-connect`: the connection test failed; `field` names the input to correct. */
export const connectGhostSiteFailureSchema = z.object({
  error: z.string(),
  field: z.enum(["admin_url", "admin_api_key"]),
  reason: z.string(),
});
