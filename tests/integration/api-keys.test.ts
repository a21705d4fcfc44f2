import { beforeAll, describe, expect, test } from "vitest";
import {
  anonClient,
  expectError,
  expectRefusedOrEmpty,
  ok,
  serviceClient,
  signUp,
  type TestUser,
} from "./support.ts";

const ALICE_OPENAI = "sk-alice-FIXTURE-not-a-real-key-ABCD";
const ALICE_FAL = "fal-alice-secret-0000WXYZ";

describe("api_keys: write-only secrets behind save_api_keys() and api_key_status()", () => {
  let alice: TestUser;
  let bob: TestUser;
  const storedKeys = async (userId: string) =>
    (await serviceClient().from("api_keys").select("openai_key, falai_key").eq("user_id", userId).maybeSingle()).data;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
    ok(await alice.client.rpc("save_api_keys", { openai_key: ALICE_OPENAI, falai_key: ALICE_FAL }));
  });

  test("api_key_status() gives only the last four characters", async () => {
    const status = ok(await alice.client.rpc("api_key_status").single<Record<string, unknown>>());
    expect(Object.keys(status).sort()).toEqual(["falai_key_last4", "openai_key_last4", "updated_at"]);
    expect(status).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: "WXYZ" });
    expect(JSON.stringify(status)).not.toContain("secret");
  });

  test("the keys are stored in full for the edge functions (secret key)", async () => {
    expect(await storedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });

  test("no select on api_keys returns a key to its owner", async () => {
    const table = () => alice.client.from("api_keys");
    const attempts = [
      await table().select("*"),
      await table().select("openai_key, falai_key"),
      await table().select("openai_key_last4"),
      await table().select("*").eq("user_id", alice.id),
      await table().select("openai_key").like("openai_key", "sk-%"),
    ];
    for (const result of attempts) expectRefusedOrEmpty(result);
    const single = await table().select("openai_key").eq("user_id", alice.id).single();
    expect(single.data).toBeNull();
    expect(single.error).not.toBeNull();
    const head = await table().select("*", { count: "exact", head: true });
    expect(head.error ? 0 : head.count).toBe(0);
    // Filtering on the secret must not act as an oracle either.
    const oracle = await table().select("id", { count: "exact", head: true }).eq("openai_key", ALICE_OPENAI);
    expect(oracle.error ? 0 : oracle.count).toBe(0);
  });

  test("the owner cannot write api_keys directly", async () => {
    expectError(await alice.client.from("api_keys").insert({ user_id: alice.id, openai_key: "sk-direct-insert-FIXTURE-not-a-real-key-0000" }));
    expectError(
      await alice.client.from("api_keys").upsert({ user_id: alice.id, openai_key: "sk-direct-upsert-FIXTURE-not-a-real-key-0000" }, { onConflict: "user_id" }),
    );
    expectRefusedOrEmpty(await alice.client.from("api_keys").update({ openai_key: "sk-direct-update-FIXTURE-not-a-real-key-0000" }).eq("user_id", alice.id).select());
    expectRefusedOrEmpty(await alice.client.from("api_keys").delete().eq("user_id", alice.id).select());
    expect(await storedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });

  test("save_api_keys(): null keeps, '' removes, blanks are trimmed", async () => {
    const status = async () => ok(await alice.client.rpc("api_key_status").single<{ openai_key_last4: string | null; falai_key_last4: string | null }>());

    ok(await alice.client.rpc("save_api_keys", { openai_key: null, falai_key: "fal-alice-second-1111NEW1" }));
    expect(await status()).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: "NEW1" });

    ok(await alice.client.rpc("save_api_keys", { falai_key: "" }));
    expect(await status()).toMatchObject({ openai_key_last4: "ABCD", falai_key_last4: null });

    ok(await alice.client.rpc("save_api_keys", { openai_key: "  sk-alice-trimmed-FIXTURE-not-a-real-key-TRIM  " }));
    expect(await status()).toMatchObject({ openai_key_last4: "TRIM", falai_key_last4: null });
    expect(await storedKeys(alice.id)).toEqual({ openai_key: "sk-alice-trimmed-FIXTURE-not-a-real-key-TRIM", falai_key: null });

    expectError(await alice.client.rpc("save_api_keys", { openai_key: "short" }));
    expect(await status()).toMatchObject({ openai_key_last4: "TRIM" });

    ok(await alice.client.rpc("save_api_keys", { openai_key: ALICE_OPENAI, falai_key: ALICE_FAL }));
  });

  test("another user sees and changes only his own keys", async () => {
    expectRefusedOrEmpty(await bob.client.rpc("api_key_status"));
    ok(await bob.client.rpc("save_api_keys", { openai_key: "sk-bob-FIXTURE-not-a-real-key-BOB1" }));
    const status = ok(await bob.client.rpc("api_key_status").single<{ openai_key_last4: string }>());
    expect(status.openai_key_last4).toBe("BOB1");
    expectRefusedOrEmpty(await bob.client.from("api_keys").select("*"));
    expectRefusedOrEmpty(await bob.client.from("api_keys").update({ openai_key: "sk-bob-was-here-FIXTURE-not-a-real-key-0000" }).eq("user_id", alice.id).select());
    expectRefusedOrEmpty(await bob.client.from("api_keys").delete().eq("user_id", alice.id).select());
    expect(await storedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
    expect(await storedKeys(bob.id)).toEqual({ openai_key: "sk-bob-FIXTURE-not-a-real-key-BOB1", falai_key: null });
  });

  test("anon can call neither function nor read the table", async () => {
    const anon = anonClient();
    expectError(await anon.rpc("save_api_keys", { openai_key: "sk-anon-openai-FIXTURE-not-a-real-key-0000" }));
    const status = await anon.rpc("api_key_status");
    expect(status.error).not.toBeNull();
    expectRefusedOrEmpty(await anon.from("api_keys").select("*"));
    expectError(await anon.from("api_keys").insert({ user_id: alice.id, openai_key: "sk-anon-insert-FIXTURE-not-a-real-key-0000" }));
    expectRefusedOrEmpty(await anon.from("api_keys").delete().eq("user_id", alice.id).select());
    expect(await storedKeys(alice.id)).toEqual({ openai_key: ALICE_OPENAI, falai_key: ALICE_FAL });
  });
});
