/**
 * Connected sites: the requests the browser sends to `wordpress-connect`,
 * their results, the user-facing messages (spec §5 and §8, copied exactly)
 * and a connected site as functions return it (WordPress and Ghost alike).
 * Shared with the browser: imports nothing but zod and ./web_address.ts.
 */
import { z } from "zod";
import { isHttpUrl, withDefaultScheme } from "./web_address.ts";

// ---------------------------------------------------------------- messages

export const WORDPRESS_MESSAGES = {
  siteNameRequired: "Site name is required",
  invalidUrl: "Please enter a valid URL",
  usernameRequired: "Username is required",
  applicationPasswordRequired: "Application password is required",
  restApiNotFound:
    "Could not find WordPress REST API endpoint. Please ensure this is a valid WordPress site with REST API enabled.",
  authenticationFailed: "Authentication failed. Please check your username and application password.",
  /** `{path}` is replaced by the route, e.g. `/media`. */
  endpointNotAccessible: "Required endpoint {path} is not accessible. Please check WordPress permissions.",
  insecureHttp:
    "This site is reached over plain HTTP. WordPress only accepts application passwords over HTTPS: enter the https:// address of your site (it needs an SSL certificate).",
  /**
   * Help behind the spec's authentication message. WordPress (6.1 at least)
   * answers a wrong application password and a web server that drops the
   * Authorization header alike (401 rest_not_logged_in), so both causes are
   * named here, the likely one first and the server setting last.
   */
  authenticationHelp:
    "Check the username you sign in to WordPress with, and copy the application password again from Users → Profile → Application Passwords in your WordPress admin (the spaces in it do not matter). If both are right and this keeps failing, your web server may be removing the login details before WordPress sees them: ask your host to pass the Authorization header to PHP (on Apache, \"CGIPassAuth On\" in the site's .htaccess does it).",
  endpointHelp:
    "Publishing needs a WordPress user who can write, publish and upload: use an administrator's (or an editor's) username and application password.",
  applicationPasswordsUnavailable:
    "Application passwords are turned off on this WordPress site (WordPress 5.6 or higher is required, and security plugins can disable them). Enable them and try again.",
  privateAddress: "This address points to a private or local network, which cannot be connected.",
  /** `{host}` is the address's host:port. Shown under privateAddress: the setting that allows it. */
  privateAddressHelp:
    "A WordPress on this computer or your local network (for development) can be allowed by whoever runs this app: add {host} to PRIVATE_HOST_ALLOWLIST in its environment (the .env file) and restart it.",
  siteUnreachable: "Could not connect to the site. Please check the Site URL and try again.",
  siteTimedOut: "The site did not respond in time. Please try again later.",
  connectFailed: "Failed to connect WordPress site",
  connected: "WordPress site connected successfully",
  updateFailed: "Failed to update WordPress site",
  updated: "WordPress site updated successfully",
  invalidSiteId: "Site id must be a UUID",
  /** Editing a site that was removed meanwhile (in another tab), or is not the caller's. */
  siteGone: "This site no longer exists. It may have been removed in another tab.",
  rechecked: "Connection checked",
  recheckFailed: "Failed to check the site",
  webhookSecretHelp:
    "Optional, and not used by Inkpress yet: it is stored encrypted and never shown again, for signed notifications from your site in a later version. You can leave it empty.",
} as const;

export function privateAddressHelp(hostAndPort: string): string {
  return WORDPRESS_MESSAGES.privateAddressHelp.replace("{host}", hostAndPort);
}

export function endpointNotAccessibleMessage(path: string): string {
  return WORDPRESS_MESSAGES.endpointNotAccessible.replace("{path}", path);
}

// ---------------------------------------------------------------- limits (match the wordpress_sites / credentials checks)

export const SITE_NAME_MAX_LENGTH = 200;
export const SITE_URL_MAX_LENGTH = 2_000;
export const USERNAME_MAX_LENGTH = 200;
export const APPLICATION_PASSWORD_MAX_LENGTH = 200;
export const WEBHOOK_SECRET_MAX_LENGTH = 500;

const requiredText = (required: string, maxLength: number, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(
    maxLength,
    `${label} must be at most ${maxLength} characters`,
  );

/** The optional webhook secret as typed: trimmed, and no longer than the database allows. */
export const webhookSecretText = z
  .string()
  .trim()
  .max(WEBHOOK_SECRET_MAX_LENGTH, `Webhook secret must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters`);

// ---------------------------------------------------------------- connect

const siteName = requiredText(WORDPRESS_MESSAGES.siteNameRequired, SITE_NAME_MAX_LENGTH, "Site name");
const username = requiredText(WORDPRESS_MESSAGES.usernameRequired, USERNAME_MAX_LENGTH, "Username");

/** The Connect WordPress Site form; also the body of `wordpress-connect` to connect a site. */
export const connectSiteRequestSchema = z.object({
  name: siteName,
  /** An http(s) address without credentials; "example.com" is taken as "https://example.com". */
  site_url: z
    .string({ error: WORDPRESS_MESSAGES.invalidUrl })
    .trim()
    .max(SITE_URL_MAX_LENGTH, WORDPRESS_MESSAGES.invalidUrl)
    .transform(withDefaultScheme)
    .refine(isHttpUrl, WORDPRESS_MESSAGES.invalidUrl),
  username,
  // Application passwords are shown with spaces ("abcd efgh ..."); WordPress ignores them.
  application_password: requiredText(
    WORDPRESS_MESSAGES.applicationPasswordRequired,
    APPLICATION_PASSWORD_MAX_LENGTH,
    "Application password",
  ),
  webhook_secret: webhookSecretText.nullish().transform((value) => value || null),
  /** Test the connection only; nothing is saved. */
  dryRun: z.boolean().optional().default(false),
});

export type ConnectSiteRequest = z.input<typeof connectSiteRequestSchema>;
export type ConnectSiteInput = z.output<typeof connectSiteRequestSchema>;

/** A replacement application password as typed on the Edit form: blank keeps the stored one. */
export const newApplicationPassword = z
  .string()
  .trim()
  .max(APPLICATION_PASSWORD_MAX_LENGTH, `Application password must be at most ${APPLICATION_PASSWORD_MAX_LENGTH} characters`);

/**
 * The Edit WordPress Site form; with `action: "update"` also the body of
 * `wordpress-connect` to change a connected site. The address stays: the
 * site's publications point at posts on that WordPress (a different address
 * is a different site: remove it and connect the other). The application
 * password is write-only: blank keeps the stored one. A new username or
 * password is tested with WordPress before anything is saved.
 */
export const updateSiteRequestSchema = z.object({
  siteId: z.uuid({ error: WORDPRESS_MESSAGES.invalidSiteId }),
  name: siteName,
  username,
  application_password: newApplicationPassword.optional().default(""),
});

export type UpdateSiteRequest = z.input<typeof updateSiteRequestSchema>;
export type UpdateSiteInput = z.output<typeof updateSiteRequestSchema>;

/** Tests a connected site again with its stored credentials, and records what was found (its SEO plugin). */
export const recheckSiteRequestSchema = z.object({
  siteId: z.uuid({ error: WORDPRESS_MESSAGES.invalidSiteId }),
});

/** A body without `action` connects a site (what the Connect form has always sent). */
const withAction = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && !("action" in body)
    ? { ...body, action: "connect" }
    : body;

/** The body of `wordpress-connect`: connect a site, or (`action: "update"`) change one. */
export const wordpressConnectRequestSchema = z.preprocess(
  withAction,
  z.discriminatedUnion("action", [
    connectSiteRequestSchema.extend({ action: z.literal("connect") }),
    updateSiteRequestSchema.extend({ action: z.literal("update") }),
    recheckSiteRequestSchema.extend({ action: z.literal("recheck") }),
  ]),
);

export const SEO_PLUGINS = ["yoast", "rank_math"] as const;
export type SeoPlugin = (typeof SEO_PLUGINS)[number];

export const SEO_PLUGIN_LABELS: Readonly<Record<SeoPlugin, string>> = { yoast: "Yoast SEO", rank_math: "Rank Math" };

/** What a connected site is (wordpress_sites.kind): the API the publisher speaks to it. */
export const SITE_KINDS = ["wordpress", "ghost"] as const;

/**
 * A `wordpress_sites` row as functions return it: never the application
 * password, webhook secret or Ghost Admin API key. `username` is null for
 * Ghost sites only.
 */
export const connectedSiteSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(SITE_KINDS),
  name: z.string(),
  site_url: z.string(),
  username: z.string().nullable(),
  base_url: z.string(),
  seo_plugin: z.enum(SEO_PLUGINS).nullable(),
  /** The language its articles are written in when neither they nor their assistant choose one; null: not set. */
  locale: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConnectedSite = z.infer<typeof connectedSiteSchema>;

/** The `wordpress_sites` columns of a ConnectedSite: never the application password, webhook secret or admin key. */
export const CONNECTED_SITE_COLUMNS =
  "id, user_id, kind, name, site_url, username, base_url, seo_plugin, locale, created_at, updated_at";

/** 201 from `wordpress-connect` (saved), or 200 after an update. */
export const connectSiteResultSchema = z.object({ site: connectedSiteSchema });
/** 200 from `wordpress-connect` with `dryRun: true`. */
export const connectSiteDryRunResultSchema = z.object({
  ok: z.literal(true),
  site_url: z.string(),
  base_url: z.string(),
  seo_plugin: z.enum(SEO_PLUGINS).nullable(),
});

/** The form field a failed connection test is about. */
export const CONNECTION_FIELDS = ["site_url", "username", "application_password"] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

/**
 * 422 from `wordpress-connect`: the connection test failed; show `error`
 * under `field`, with `help` (how to fix it) behind it when given.
 */
export const connectSiteFailureSchema = z.object({
  error: z.string(),
  field: z.enum(CONNECTION_FIELDS),
  reason: z.string(),
  help: z.string().optional(),
});
