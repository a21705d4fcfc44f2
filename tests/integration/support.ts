import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseSecretsKey, secretBox, type SecretBox } from "../../supabase/functions/_shared/platform/secret_box.ts";
import { expect, inject } from "vitest";
import ws from "ws";

/**
 * Shared helpers for the integration tests: real supabase-js clients against
 * the local backend started by global-setup.ts.
 *
 * Refusals: under RLS, PostgREST answers a forbidden read, update or delete
 * with "no rows" rather than an error, and a missing GRANT with 42501. Tests
 * assert "refused or empty" where either is right and read the data back with
 * the secret key to prove nothing changed; privileges.test.ts asserts the
 * 42501s themselves (the local backend keeps the migrations' grants, as
 * hosted Supabase does).
 */

export const env = () => ({
  url: inject("supabaseUrl"),
  publishableKey: inject("publishableKey"),
  secretKey: inject("secretKey"),
});

/**
 * The functions stack started by global-setup.ts: `projectUrl` serves the
 * API and /functions/v1 on one origin (as a hosted project's URL does), so
 * clients made with it can also `functions.invoke`.
 */
export const functionsStack = () => inject("functionsStack");

function client(key: string, url = env().url): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

/** A client with the publishable key and no session: the anon role. */
export const anonClient = (): SupabaseClient => client(env().publishableKey);

/** A client with the secret key: service_role, as the functions' system paths use. */
export const serviceClient = (): SupabaseClient => client(env().secretKey);

/** The anon client of the project URL (API and functions). */
export const projectAnonClient = (): SupabaseClient => client(env().publishableKey, functionsStack().projectUrl);

export type TestUser = {
  client: SupabaseClient;
  user: User;
  id: string;
  email: string;
  password: string;
};

/**
 * Signs up a new user (unique e-mail per call) and returns their signed-in
 * client, of the API alone or (`{ project: true }`) of the project URL,
 * which can also call functions.
 */
export async function signUp(
  label: string,
  metadata: Record<string, string> = { first_name: label, last_name: "Tester", phone_number: "" },
  options: { project?: boolean } = {},
): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const userClient = options.project ? projectAnonClient() : anonClient();
  const { data, error } = await userClient.auth.signUp({ email, password, options: { data: metadata } });
  if (error) throw error;
  if (!data.user || !data.session) throw new Error(`sign-up of ${email} returned no session (are e-mail confirmations on?)`);
  return { client: userClient, user: data.user, id: data.user.id, email, password };
}

type Result<T> = { data: T | null; error: { message: string; code?: string } | null };

/** The request was refused: either an error, or no row came back. */
export function expectRefusedOrEmpty<T>(result: Result<T[]>): void {
  if (result.error) return;
  expect(result.data ?? []).toEqual([]);
}

/** The request failed with an error (insert refused by RLS or by a missing grant). */
export function expectError<T>(result: Result<T>): void {
  expect(result.error, "expected the request to be refused with an error").not.toBeNull();
  expect(result.data ?? null).toBeNull();
}

/** The request succeeded; returns its data. */
export function ok<R extends { data: unknown; error: unknown }>(result: R): NonNullable<R["data"]> {
  expect(result.error).toBeNull();
  return result.data as NonNullable<R["data"]>;
}

/** A tiny valid PNG, plus a random chunk so each upload's bytes are unique. */
export function pngBytes(): Uint8Array {
  const base = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  // Bytes above 0x7f catch any text re-encoding on the way back.
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));
  return new Uint8Array(Buffer.concat([base, noise]));
}

/**
 * Milliseconds since the epoch of a timestamptz from the API: ISO 8601 from
 * PostgREST, `2026-11-22 13:57:40.852+00` from the local stack.
 */
export function timestampMs(value: string): number {
  const iso = value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`unparseable timestamp ${value}`);
  return ms;
}

/**
 * The test backend's box for stored secrets: the functions' INKPRESS_SECRETS_KEY,
 * minted into its keys file like the other local keys. For tests that write
 * or read a sealed secret themselves (the database refuses plain text).
 */
export function testSecretBox(): SecretBox {
  const { secretsKey } = JSON.parse(readFileSync(inject("keysFile"), "utf8")) as { secretsKey: string };
  return secretBox(parseSecretsKey(secretsKey));
}

/**
 * Saves the user's provider keys as the Profile does, through the
 * save-api-keys function (which seals them); the user's client must reach
 * functions (signUp with `{ project: true }`). A key left out is kept; "" removes it.
 */
export async function saveApiKeys(user: TestUser, keys: { openaiKey?: string; falaiKey?: string }): Promise<void> {
  const { error } = await user.client.functions.invoke("save-api-keys", { body: keys });
  expect(error).toBeNull();
}
