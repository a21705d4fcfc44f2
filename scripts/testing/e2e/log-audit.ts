import { CSP_VIOLATION_MARKER } from "../../devstack/app-server/csp-reports.ts";
import { parseSecretsKey, secretBox, type SecretPlace } from "../../../supabase/functions/_shared/platform/secret_box.ts";

/**
 * What the e2e harness checks in the combined output of a run (the app
 * processes: lite, the functions runtime and its functions, the scheduler):
 * no secret in any line, and no Content-Security-Policy violation reported
 * by any page the suite visited.
 */

export type Secret = { label: string; value: string };
export type Finding = { label: string; source: string; line: number; excerpt: string };

/** Shapes that are a secret wherever they are: a Supabase secret key, a JWT (an access token, a legacy key). */
const SECRET_SHAPES: { label: string; pattern: RegExp }[] = [
  { label: "a Supabase secret key", pattern: /sb_secret_[A-Za-z0-9_-]{8,}/ },
  { label: "a JWT", pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/ },
];
/** Shorter values match too often by chance to mean anything. */
const MIN_SECRET_LENGTH = 8;

/** Every line of `log` that holds one of `secrets` or a secret-shaped value; the excerpt names, never shows, it. */
export function findSecrets(source: string, log: string, secrets: readonly Secret[]): Finding[] {
  const findings: Finding[] = [];
  const known = secrets.filter((secret) => secret.value.length >= MIN_SECRET_LENGTH);
  log.split("\n").forEach((text, index) => {
    for (const { label, value } of known) {
      if (text.includes(value)) findings.push({ label, source, line: index + 1, excerpt: excerpt(text, value, label) });
    }
    for (const { label, pattern } of SECRET_SHAPES) {
      const match = pattern.exec(text);
      if (match) findings.push({ label, source, line: index + 1, excerpt: excerpt(text, match[0], label) });
    }
  });
  return findings;
}

function excerpt(text: string, value: string, label: string): string {
  const at = text.indexOf(value);
  const shown = text.slice(Math.max(0, at - 80), at) + `«${label}»` + text.slice(at + value.length, at + value.length + 80);
  return shown.replaceAll(value, `«${label}»`);
}

/**
 * The CSP violations the app server logged (scripts/devstack/app-server/csp-reports.ts),
 * except inline event handlers refused in HTML the app parses to sanitise it:
 * Chromium reports those when a hostile `onerror=` is parsed, even into an
 * inert document where it could never run (the suite pastes such HTML on
 * purpose). React sets no handler attributes, so the app itself cannot cause
 * one; tests/e2e/security.spec.ts fails on any violation, these included, on
 * every screen with ordinary content.
 */
export function cspViolations(log: string): string[] {
  return log.split("\n").filter((line) =>
    line.includes(CSP_VIOLATION_MARKER) && !line.includes(`${CSP_VIOLATION_MARKER} script-src-attr blocked inline`)
  );
}

/**
 * Every provider key, application password, webhook secret, Ghost Admin
 * API key and DataForSEO password stored in the app's database at the end of the run (read with the
 * secret key, as only the functions may), opened with the functions' key:
 * they are stored sealed, and what must never reach a log is what they
 * open to.
 */
export async function storedSecrets(apiUrl: string, secretKey: string, secretsKey: string): Promise<Secret[]> {
  const box = secretBox(parseSecretsKey(secretsKey));
  const read = async (path: string) => {
    const response = await fetch(`${apiUrl}/rest/v1/${path}`, { headers: { apikey: secretKey } });
    if (!response.ok) throw new Error(`reading ${path} for the log audit: ${response.status} ${await response.text()}`);
    return await response.json() as Record<string, string | null>[];
  };
  const open = async (value: string | null, place: SecretPlace) => value === null ? null : (await box.open(value, place)).value;
  const secrets: { label: string; value: string | null }[] = [];
  for (const row of await read("api_keys?select=user_id,openai_key,falai_key")) {
    const userId = row.user_id as string;
    secrets.push(
      { label: "a stored openai_key", value: await open(row.openai_key, { column: "api_keys.openai_key", userId, rowKey: userId }) },
      { label: "a stored falai_key", value: await open(row.falai_key, { column: "api_keys.falai_key", userId, rowKey: userId }) },
    );
  }
  for (const row of await read("wordpress_site_credentials?select=site_id,user_id,application_password,webhook_secret")) {
    const place = (column: "application_password" | "webhook_secret"): SecretPlace => ({
      column: `wordpress_site_credentials.${column}`,
      userId: row.user_id as string,
      rowKey: row.site_id as string,
    });
    secrets.push(
      { label: "a stored application_password", value: await open(row.application_password, place("application_password")) },
      { label: "a stored webhook_secret", value: await open(row.webhook_secret, place("webhook_secret")) },
    );
  }
  // The login of a keyword-data account is its owner's e-mail address: only the password is secret.
  for (const row of await read("keyword_data_providers?select=user_id,password")) {
    const userId = row.user_id as string;
    secrets.push({
      label: "a stored keyword_data_password",
      value: await open(row.password, { column: "keyword_data_providers.password", userId, rowKey: userId }),
    });
  }
  for (const row of await read("ghost_site_credentials?select=site_id,user_id,admin_api_key")) {
    const key = await open(row.admin_api_key, {
      column: "ghost_site_credentials.admin_api_key",
      userId: row.user_id as string,
      rowKey: row.site_id as string,
    });
    // The key's secret half: the id alone is not secret (it is every token's `kid`).
    secrets.push({ label: "a stored admin_api_key_secret", value: key?.split(":")[1] ?? null });
  }
  return secrets.flatMap(({ label, value }) => value ? [{ label, value }] : []);
}
