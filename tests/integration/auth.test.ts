import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, ok, serviceClient, signUp, type TestUser } from "./support.ts";

describe("sign-up and sign-in", () => {
  let alice: TestUser;

  beforeAll(async () => {
    alice = await signUp("alice", { first_name: "Alice", last_name: "Liddell", phone_number: "+44 20 7946 0958" });
  });

  test("sign-up creates the profile from the metadata", async () => {
    const profile = ok(await alice.client.from("profiles").select("id, first_name, last_name, phone_number").single());
    expect(profile).toEqual({ id: alice.id, first_name: "Alice", last_name: "Liddell", phone_number: "+44 20 7946 0958" });
  });

  test("sign-up creates three default assistants", async () => {
    const assistants = ok(await alice.client.from("assistants").select("name, user_id, model").order("name"));
    expect(assistants).toEqual([
      { name: "Article Polisher", user_id: alice.id, model: null },
      { name: "How-To Guide Writer", user_id: alice.id, model: null },
      { name: "SEO Blog Writer", user_id: alice.id, model: null },
    ]);
  });

  test("a sign-up without metadata gets empty names", async () => {
    const bare = await signUp("bare", {});
    const profile = ok(await bare.client.from("profiles").select("first_name, last_name, phone_number").single());
    expect(profile).toEqual({ first_name: "", last_name: "", phone_number: "" });
  });

  test("sign-in with the right password gives a session for the same user", async () => {
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(alice.id);
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Alice", last_name: "Liddell" });
    const profile = ok(await client.from("profiles").select("id").single());
    expect(profile.id).toBe(alice.id);
  });

  test("sign-in with a wrong password is refused", async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: alice.email, password: "wrong-password" });
    expect(error?.message).toBe("Invalid login credentials");
    expect(data.session).toBeNull();
  });

  test("sign-in with an unknown e-mail gives the same message", async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: "nobody@example.test", password: "whatever-123" });
    expect(error?.message).toBe("Invalid login credentials");
  });

  test("signing up twice with the same e-mail does not create a second profile", async () => {
    await anonClient().auth.signUp({ email: alice.email, password: "another-password-1" });
    const { count } = await serviceClient()
      .from("profiles")
      .select("id", { count: "exact", head: true })
      .eq("first_name", "Alice")
      .eq("id", alice.id);
    expect(count).toBe(1);
    const { error } = await anonClient().auth.signInWithPassword({ email: alice.email, password: "another-password-1" });
    expect(error?.message).toBe("Invalid login credentials");
  });

  test("after sign-out the client is anon again", async () => {
    const user = await signUp("leaver");
    ok(await user.client.from("profiles").select("id").single());
    await user.client.auth.signOut();
    const result = await user.client.from("profiles").select("id");
    expect(result.error ? [] : result.data).toEqual([]);
  });
});
