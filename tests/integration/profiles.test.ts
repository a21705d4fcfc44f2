import { beforeAll, describe, expect, test } from "vitest";
import {
  anonClient,
  expectError,
  expectRefusedOrEmpty,
  ok,
  serviceClient,
  signUp,
  timestampMs,
  type TestUser,
} from "./support.ts";

describe("profiles: owner reads and edits; others and anon refused", () => {
  let alice: TestUser;
  let bob: TestUser;
  const service = () => serviceClient();
  const aliceProfile = async () =>
    ok(await service().from("profiles").select("first_name, last_name, phone_number").eq("id", alice.id).single());

  beforeAll(async () => {
    alice = await signUp("alice", { first_name: "Alice", last_name: "Liddell", phone_number: "+1 555 0100" });
    bob = await signUp("bob", { first_name: "Bob", last_name: "Builder", phone_number: "" });
  });

  test("select: the owner sees exactly her own profile", async () => {
    const rows = ok(await alice.client.from("profiles").select("id, first_name"));
    expect(rows).toEqual([{ id: alice.id, first_name: "Alice" }]);
  });

  test("select: another user does not see it", async () => {
    expectRefusedOrEmpty(await bob.client.from("profiles").select("id").eq("id", alice.id));
    const rows = ok(await bob.client.from("profiles").select("id"));
    expect(rows).toEqual([{ id: bob.id }]);
  });

  test("select: anon sees nothing", async () => {
    expectRefusedOrEmpty(await anonClient().from("profiles").select("*"));
  });

  test("select: .single() on a row that is not visible gives PGRST116", async () => {
    const { data, error } = await bob.client.from("profiles").select("id").eq("id", alice.id).single();
    expect(data).toBeNull();
    expect(error?.code).toBe("PGRST116");
  });

  test("update: the owner edits her names and phone number; updated_at moves", async () => {
    const before = ok(await service().from("profiles").select("updated_at").eq("id", alice.id).single());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = ok(
      await alice.client
        .from("profiles")
        .update({ first_name: "Alicia", phone_number: "+1 555 0199" })
        .eq("id", alice.id)
        .select("first_name, last_name, phone_number, updated_at")
        .single(),
    );
    expect(updated).toMatchObject({ first_name: "Alicia", last_name: "Liddell", phone_number: "+1 555 0199" });
    expect(timestampMs(updated.updated_at)).toBeGreaterThan(timestampMs(before.updated_at));
  });

  test("update: another user's update changes nothing", async () => {
    const before = await aliceProfile();
    expectRefusedOrEmpty(await bob.client.from("profiles").update({ first_name: "Mallory" }).eq("id", alice.id).select());
    expect(await aliceProfile()).toEqual(before);
  });

  test("update: the owner cannot move her profile to another id", async () => {
    const result = await alice.client.from("profiles").update({ id: bob.id }).eq("id", alice.id).select();
    if (!result.error) expect(result.data).toEqual([]);
    const rows = ok(await service().from("profiles").select("id").in("id", [alice.id, bob.id]).order("id"));
    expect(rows.map((r) => r.id).sort()).toEqual([alice.id, bob.id].sort());
  });

  test("update: anon changes nothing", async () => {
    const before = await aliceProfile();
    expectRefusedOrEmpty(await anonClient().from("profiles").update({ first_name: "Anon" }).eq("id", alice.id).select());
    expect(await aliceProfile()).toEqual(before);
  });

  test("insert: nobody inserts profiles through the API", async () => {
    expectError(await alice.client.from("profiles").insert({ id: alice.id, first_name: "Again" }));
    expectError(await bob.client.from("profiles").insert({ id: crypto.randomUUID(), first_name: "Ghost" }));
    expectError(await anonClient().from("profiles").insert({ id: crypto.randomUUID(), first_name: "Anon" }));
  });

  test("delete: nobody deletes profiles through the API", async () => {
    expectRefusedOrEmpty(await alice.client.from("profiles").delete().eq("id", alice.id).select());
    expectRefusedOrEmpty(await bob.client.from("profiles").delete().eq("id", alice.id).select());
    expectRefusedOrEmpty(await anonClient().from("profiles").delete().eq("id", alice.id).select());
    const { count } = await service().from("profiles").select("id", { count: "exact", head: true }).in("id", [alice.id, bob.id]);
    expect(count).toBe(2);
  });
});
