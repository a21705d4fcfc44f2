import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test } from "vitest";
import {
  anonClient,
  expectError,
  expectRefusedOrEmpty,
  ok,
  projectAnonClient,
  saveApiKeys,
  serviceClient,
  signUp,
  testSecretBox,
  type TestUser,
} from "./support.ts";

const ALICE_OPENAI = "sk-alice-FIXTURE-not-a-real-key-ABCD";
const ALICE_FAL = "fal-alice-secret-0000WXYZ";

/**
 * The users' provider keys: written only through the save-api-keys function,
 * which seals them (AES-256-GCM with the functions' INKPRESS_SECRETS_KEY,
 * bound to the user's row; migration 20261204000400), read back by nobody
 * but the functions, and known to their owner only by api_key_status()'s last
 * four characters.
 */
describe("api_keys: write-only secrets, stored sealed, behind save-api-keys and api_key_status()", () => {
  let alice: TestUser;
  let bob: TestUser;
  const storedKeys = async (userId: string) =>
    (await serviceClient().from("api_keys").select("openai_key, falai_key").eq("user_id", userId).maybeSingle()).data;
  /** What the functions read: each stored key opened for its row. */
  const openedKeys = async (userId: string) => {
    const stored = await storedKeys(userId);
    const open = async (column: "openai_key" | "falai_key") => {
      const value = stored?.[column];
      if (!value) return null;
      const opened = await testSecretBox().open(value, { column: `api_keys.${column}`, userId, rowKey: userId });
      expect(opened.sealedWith).toBe("current");
      return opened.value;
    };
    return { openai_key: await open("openai_key"), falai_key: await open("falai_key") };
  };
  const status = async (user: TestUser) =>
    ok(await user.client.rpc("api_key_status").single<{ openai_key_last4: string | null; falai_key_last4: string | null }>());

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("alice", undefined, { project: true }),
      signUp("bob", undefined, { project: true }),
    ]);
    await saveApiKeys(alice, { openaiKey: ALICE_OPENAI, falaiKey: ALICE_FAL });
  });

  test("api_key_status() gives only the last four characters", async () => {
    const keyStatus = ok(await alice.client.rpc("api_key_status").single<Record<string, unknown>>());
    expect(Object.keys(keyStatus).sort()).toEqual(["falai_key_last4", "openai_key_last4", "updated_at"]);
    expect(keyStatus).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: "WXYZ" });
    expect(JSON.stringify(keyStatus)).not.toContain("secret");
  });

  test("the keys are stored sealed: no key in the row, even with the secret key; the functions' key opens them", async () => {
    const stored = await storedKeys(alice.id);
    for (const value of [stored!.openai_key, stored!.falai_key]) {
      expect(value).toMatch(/^inkpress:v1:[0-9a-f]{8}:/);
      expect(value).not.toContain("alice");
    }
    expect(await openedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
    // Bound to its row: alice's sealed key does not open as bob's.
    await expect(
      testSecretBox().open(stored!.openai_key!, { column: "api_keys.openai_key", userId: bob.id, rowKey: bob.id }),
    ).rejects.toThrow(/does not open/);
  });

  test("plain text is refused even from the secret key", async () => {
    expectError(
      await serviceClient().from("api_keys").update({ openai_key: "sk-plain-FIXTURE-not-a-real-key-0000" }).eq("user_id", alice.id)
        .select(),
    );
    expect(await openedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });

  test("no select on api_keys returns a key to its owner", async () => {
    const table = () => alice.client.from("api_keys");
    const attempts = [
      await table().select("*"),
      await table().select("openai_key, falai_key"),
      await table().select("openai_key_last4"),
      await table().select("*").eq("user_id", alice.id),
      await table().select("openai_key").like("openai_key", "inkpress%"),
    ];
    for (const result of attempts) expectRefusedOrEmpty(result);
    const single = await table().select("openai_key").eq("user_id", alice.id).single();
    expect(single.data).toBeNull();
    expect(single.error).not.toBeNull();
    const head = await table().select("*", { count: "exact", head: true });
    expect(head.error ? 0 : head.count).toBe(0);
  });

  test("the owner cannot write api_keys directly, and the old save_api_keys() is gone", async () => {
    expectError(await alice.client.from("api_keys").insert({ user_id: alice.id, openai_key: "sk-direct-insert-FIXTURE-not-a-real-key-0000" }));
    expectError(
      await alice.client.from("api_keys").upsert({ user_id: alice.id, openai_key: "sk-direct-upsert-FIXTURE-not-a-real-key-0000" }, { onConflict: "user_id" }),
    );
    expectRefusedOrEmpty(await alice.client.from("api_keys").update({ openai_key: "sk-direct-update-FIXTURE-not-a-real-key-0000" }).eq("user_id", alice.id).select());
    expectRefusedOrEmpty(await alice.client.from("api_keys").delete().eq("user_id", alice.id).select());
    expectError(await alice.client.rpc("save_api_keys", { openai_key: "sk-rpc-FIXTURE-not-a-real-key-0000" }));
    expect(await openedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });

  test("save-api-keys: an absent key is kept, '' removes one, blanks are trimmed, a short key is refused naming the field", async () => {
    await saveApiKeys(alice, { falaiKey: "fal-alice-second-1111NEW1" });
    expect(await status(alice)).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: "NEW1" });

    await saveApiKeys(alice, { falaiKey: "" });
    expect(await status(alice)).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: null });

    await saveApiKeys(alice, { openaiKey: "  sk-alice-trimmed-FIXTURE-not-a-real-key-TRIM  " });
    expect(await status(alice)).toMatchObject({ openai_key_last4: "TRIM", falai_key_last4: null });
    expect(await openedKeys(alice.id)).toEqual({ openai_key: "sk-alice-trimmed-FIXTURE-not-a-real-key-TRIM", falai_key: null });

    const { data, error } = await alice.client.functions.invoke("save-api-keys", { body: { openaiKey: "short" } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "openaiKey: API key must be at least 8 characters", field: "openaiKey" });
    expect(await status(alice)).toMatchObject({ openai_key_last4: "TRIM" });

    await saveApiKeys(alice, { openaiKey: ALICE_OPENAI, falaiKey: ALICE_FAL });
  });

  test("another user sees and changes only his own keys", async () => {
    expectRefusedOrEmpty(await bob.client.rpc("api_key_status"));
    await saveApiKeys(bob, { openaiKey: "sk-bob-FIXTURE-not-a-real-key-BOB1" });
    expect((await status(bob)).openai_key_last4).toBe("BOB1");
    expectRefusedOrEmpty(await bob.client.from("api_keys").select("*"));
    expectRefusedOrEmpty(await bob.client.from("api_keys").update({ openai_key: "sk-bob-was-here-FIXTURE-not-a-real-key-0000" }).eq("user_id", alice.id).select());
    expectRefusedOrEmpty(await bob.client.from("api_keys").delete().eq("user_id", alice.id).select());
    expect(await openedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
    expect(await openedKeys(bob.id)).toEqual({ openai_key: "sk-bob-FIXTURE-not-a-real-key-BOB1", falai_key: null });
  });

  test("anon can save no key, read no status and touch no row", async () => {
    const saved = await projectAnonClient().functions.invoke("save-api-keys", { body: { openaiKey: "sk-anon-openai-FIXTURE-not-a-real-key-0000" } });
    expect(((saved.error as FunctionsHttpError).context as Response).status).toBe(401);
    const anon = anonClient();
    const keyStatus = await anon.rpc("api_key_status");
    expect(keyStatus.error).not.toBeNull();
    expectRefusedOrEmpty(await anon.from("api_keys").select("*"));
    expectError(await anon.from("api_keys").insert({ user_id: alice.id, openai_key: "sk-anon-insert-FIXTURE-not-a-real-key-0000" }));
    expectRefusedOrEmpty(await anon.from("api_keys").delete().eq("user_id", alice.id).select());
    expect(await openedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });
});
