import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test } from "vitest";
import { privateAddressHelp, WORDPRESS_MESSAGES } from "../../supabase/functions/_shared/contracts/sites.ts";
import { siteLoader, siteUpdater, type SiteUpdate } from "../../supabase/functions/wordpress-connect/site_store.ts";
import {
  expectError,
  expectRefusedOrEmpty,
  ok,
  projectAnonClient,
  serviceClient,
  signUp,
  type TestUser,
  testSecretBox,
} from "./support.ts";

/**
 * Editing a connected site. Through wordpress-connect as the browser calls
 * it: the real supabase-js on the project URL, signed in as the owner or as
 * another user, the local functions runtime of the suite's functions stack
 * (gateway with verify_jwt, the function in its own process, the SSRF guard,
 * which allows only the stack's fake servers) and the local backend. And
 * wordpress-connect's site store directly: the site loaded as the caller
 * (their own client; the password read with the secret key only then), and
 * saved with the secret key, scoped to the caller although the secret key
 * bypasses RLS, the password kept or replaced, and put back when the site
 * row cannot be updated.
 */

const ALICE_PASSWORD = "abcd efgh ijkl mnop";

let alice: TestUser;
let bob: TestUser;
let aliceSiteId: string;

/** What wordpress-connect answered: its status and JSON body. */
async function editSite(client: SupabaseClient, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const { data, error } = await client.functions.invoke("wordpress-connect", {
    body: { action: "update", siteId: aliceSiteId, name: "Alice's garden", username: "alice", ...body },
  });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

/** The stored password, opened as the functions open it (it is stored sealed for its row). */
const storedPassword = async (siteId: string) => {
  const row = ok(
    await serviceClient().from("wordpress_site_credentials").select("user_id, application_password").eq("site_id", siteId).single(),
  );
  expect(row.application_password).toMatch(/^inkpress:v1:/);
  return (await testSecretBox().open(row.application_password, sealedAt(row.user_id, siteId))).value;
};
const sealedAt = (userId: string, siteId: string) => ({
  column: "wordpress_site_credentials.application_password" as const,
  userId,
  rowKey: siteId,
});
const seal = (value: string, place: Parameters<ReturnType<typeof testSecretBox>["seal"]>[1]) => testSecretBox().seal(value, place);
const storedRow = async (siteId: string) =>
  ok(await serviceClient().from("wordpress_sites").select("name, username, site_url, base_url, seo_plugin").eq("id", siteId).single());

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    signUp("site-edit-alice", undefined, { project: true }),
    signUp("site-edit-bob", undefined, { project: true }),
  ]);
  const service = serviceClient();
  aliceSiteId = ok(
    await service
      .from("wordpress_sites")
      .insert({ user_id: alice.id, name: "alice", site_url: "https://alice.example", username: "alice", base_url: "https://alice.example/wp-json/" })
      .select("id")
      .single(),
  ).id;
  ok(
    await service.from("wordpress_site_credentials").insert({
      site_id: aliceSiteId,
      user_id: alice.id,
      application_password: await seal(ALICE_PASSWORD, sealedAt(alice.id, aliceSiteId)),
    }),
  );
});

describe("editing a connected site through wordpress-connect", () => {
  test("bob cannot edit alice's site: 404, and nothing changes", async () => {
    const before = await storedRow(aliceSiteId);
    const bobClient = bob.client;
    for (const changes of [{ name: "Mallory" }, { username: "mallory", application_password: "stolen stolen" }]) {
      expect(await editSite(bobClient, changes)).toEqual({ status: 404, body: { error: WORDPRESS_MESSAGES.siteGone } });
    }
    expect(await storedRow(aliceSiteId)).toEqual(before);
    expect(await storedPassword(aliceSiteId)).toBe(ALICE_PASSWORD);
  });

  test("bob cannot edit it through the API either; alice can rename there but not change the login", async () => {
    const before = await storedRow(aliceSiteId);
    expectRefusedOrEmpty(await bob.client.from("wordpress_sites").update({ name: "Mallory" }).eq("id", aliceSiteId).select());
    expectError(await bob.client.from("wordpress_sites").update({ username: "mallory" }).eq("id", aliceSiteId).select());
    // A new username or address must pass the connection test: only wordpress-connect writes them.
    expectError(await alice.client.from("wordpress_sites").update({ username: "someone" }).eq("id", aliceSiteId).select());
    expectError(await alice.client.from("wordpress_sites").update({ site_url: "https://evil.example" }).eq("id", aliceSiteId).select());
    expect(await storedRow(aliceSiteId)).toEqual(before);
  });

  test("signed out: 401; an invalid body: 400 naming the field", async () => {
    const anon = await projectAnonClient().functions.invoke("wordpress-connect", {
      body: { action: "update", siteId: aliceSiteId, name: "x", username: "x" },
    });
    expect((anon.error as FunctionsHttpError | null)?.context?.status).toBe(401);
    const aliceClient = alice.client;
    const invalid = await editSite(aliceClient, { siteId: "not-a-uuid", name: " " });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "siteId: Site id must be a UUID", field: "siteId" });
  });

  test("alice renames her site: saved without asking WordPress; the answer has no secret", async () => {
    const aliceClient = alice.client;
    const renamed = await editSite(aliceClient, { name: "Alice's garden" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ site: { id: aliceSiteId, name: "Alice's garden", username: "alice" } });
    expect(JSON.stringify(renamed.body)).not.toMatch(/abcd|application_password/);
    expect(await storedPassword(aliceSiteId)).toBe(ALICE_PASSWORD);
  });

  test("a new password or username is tested first, through the SSRF guard: refused, nothing changes", async () => {
    ok(await serviceClient().from("wordpress_sites").update({ site_url: "http://127.0.0.1:9" }).eq("id", aliceSiteId));
    const before = await storedRow(aliceSiteId);
    const aliceClient = alice.client;
    for (const changes of [{ application_password: "qrst uvwx yz12 3456" }, { username: "alice-editor" }]) {
      const refused = await editSite(aliceClient, { name: "Should not stay", ...changes });
      expect(refused).toEqual({
        status: 422,
        body: {
          error: WORDPRESS_MESSAGES.privateAddress,
          field: "site_url",
          reason: "private_address",
          help: privateAddressHelp("127.0.0.1:9"),
        },
      });
    }
    expect(await storedRow(aliceSiteId)).toEqual(before);
    expect(await storedPassword(aliceSiteId)).toBe(ALICE_PASSWORD);
  });
});

/** SystemAccess.readApplicationPassword, as the function reads it: the secret key, scoped by user and site, opened. */
const readApplicationPassword = async (userId: string, siteId: string) => {
  const stored = ok(
    await serviceClient()
      .from("wordpress_site_credentials")
      .select("application_password")
      .eq("site_id", siteId)
      .eq("user_id", userId)
      .maybeSingle(),
  )?.application_password;
  return stored ? (await testSecretBox().open(stored, sealedAt(userId, siteId))).value : null;
};

describe("wordpress-connect's site store (as the caller, and with the secret key)", () => {
  const update = (overrides: Partial<SiteUpdate> = {}): SiteUpdate => ({
    userId: alice.id,
    siteId: aliceSiteId,
    name: "Alice's garden",
    username: "alice-editor",
    connection: { siteUrl: "https://alice.example", baseUrl: "https://alice.example/wp-json/", seoPlugin: "yoast" },
    applicationPassword: null,
    previousApplicationPassword: ALICE_PASSWORD,
    ...overrides,
  });

  test("loads the owner's site with its login and stored password; another user's id finds nothing", async () => {
    const load = siteLoader(alice.client, readApplicationPassword);
    const row = await storedRow(aliceSiteId);
    expect(await load(alice.id, aliceSiteId)).toEqual({
      name: row.name,
      siteUrl: row.site_url,
      username: "alice",
      applicationPassword: ALICE_PASSWORD,
    });
    expect(await siteLoader(bob.client, readApplicationPassword)(bob.id, aliceSiteId)).toBeNull();
    expect(await load(alice.id, "5e5e5e5e-0000-4000-8000-000000000000")).toBeNull();
  });

  test("a kept password stays; the row gets the tested details", async () => {
    const updated = await siteUpdater(serviceClient(), seal)(update());
    expect(updated).toMatchObject({ id: aliceSiteId, name: "Alice's garden", username: "alice-editor", seo_plugin: "yoast" });
    expect(JSON.stringify(updated)).not.toContain("abcd");
    expect(await storedRow(aliceSiteId)).toMatchObject({ site_url: "https://alice.example", base_url: "https://alice.example/wp-json/" });
    expect(await storedPassword(aliceSiteId)).toBe(ALICE_PASSWORD);
  });

  test("without a connection test only the name and username are written", async () => {
    const before = await storedRow(aliceSiteId);
    await siteUpdater(serviceClient(), seal)(update({ name: "Renamed only", username: before.username, connection: null }));
    expect(await storedRow(aliceSiteId)).toEqual({ ...before, name: "Renamed only" });
  });

  test("a new password replaces the stored one", async () => {
    await siteUpdater(serviceClient(), seal)(update({ applicationPassword: "qrst uvwx yz12 3456" }));
    expect(await storedPassword(aliceSiteId)).toBe("qrst uvwx yz12 3456");
  });

  test("bob's id changes nothing, even through the secret-key store", async () => {
    const before = await storedRow(aliceSiteId);
    const result = await siteUpdater(serviceClient(), seal)(update({ userId: bob.id, name: "Mallory", applicationPassword: "stolen" }));
    expect(result).toBeNull();
    expect(await storedRow(aliceSiteId)).toEqual(before);
    expect(await storedPassword(aliceSiteId)).toBe("qrst uvwx yz12 3456");
  });

  test("when the row cannot be updated, the previous password is put back", async () => {
    const before = await storedRow(aliceSiteId);
    const refused = update({
      name: "x".repeat(201), // over the column's check
      applicationPassword: "new password that must not stay",
      previousApplicationPassword: "qrst uvwx yz12 3456",
    });
    await expect(siteUpdater(serviceClient(), seal)(refused)).rejects.toThrow(/updating the site/);
    expect(await storedPassword(aliceSiteId)).toBe("qrst uvwx yz12 3456");
    expect(await storedRow(aliceSiteId)).toEqual(before);
  });
});
