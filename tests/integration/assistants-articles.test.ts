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

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
});

describe("assistants: full CRUD for the owner only", () => {
  let aliceAssistantId: string;
  const stored = async (id: string) =>
    (await serviceClient().from("assistants").select("user_id, name, instructions").eq("id", id).maybeSingle()).data;

  test("insert: the owner creates an assistant", async () => {
    const row = ok(
      await alice.client
        .from("assistants")
        .insert({ user_id: alice.id, name: "Poet", description: "Writes verse", instructions: "Write in verse.", model: "gpt-4o-mini" })
        .select("id, user_id, name, model")
        .single(),
    );
    expect(row).toMatchObject({ user_id: alice.id, name: "Poet", model: "gpt-4o-mini" });
    aliceAssistantId = row.id;
  });

  test("insert: not for another user, not as anon, not with an empty name", async () => {
    expectError(await alice.client.from("assistants").insert({ user_id: bob.id, name: "Planted" }));
    expectError(await anonClient().from("assistants").insert({ user_id: alice.id, name: "Anon" }));
    expectError(await alice.client.from("assistants").insert({ user_id: alice.id, name: "" }));
    const { count } = await serviceClient().from("assistants").select("id", { count: "exact", head: true }).eq("user_id", bob.id);
    expect(count).toBe(3);
  });

  test("select: the owner sees her 3 defaults + 1; bob and anon see none of hers", async () => {
    const mine = ok(await alice.client.from("assistants").select("user_id"));
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((r) => r.user_id))).toEqual(new Set([alice.id]));
    expectRefusedOrEmpty(await bob.client.from("assistants").select("id").eq("user_id", alice.id));
    expectRefusedOrEmpty(await bob.client.from("assistants").select("id").eq("id", aliceAssistantId));
    expectRefusedOrEmpty(await anonClient().from("assistants").select("*"));
  });

  test("update: the owner edits; bob and anon change nothing", async () => {
    const row = ok(
      await alice.client.from("assistants").update({ instructions: "Write sonnets." }).eq("id", aliceAssistantId).select("instructions").single(),
    );
    expect(row.instructions).toBe("Write sonnets.");
    expectRefusedOrEmpty(await bob.client.from("assistants").update({ name: "Mallory" }).eq("id", aliceAssistantId).select());
    expectRefusedOrEmpty(await anonClient().from("assistants").update({ name: "Anon" }).eq("id", aliceAssistantId).select());
    expect(await stored(aliceAssistantId)).toEqual({ user_id: alice.id, name: "Poet", instructions: "Write sonnets." });
  });

  test("update: the owner cannot hand her assistant to bob", async () => {
    const result = await alice.client.from("assistants").update({ user_id: bob.id }).eq("id", aliceAssistantId).select();
    expectError(result);
    expect((await stored(aliceAssistantId))?.user_id).toBe(alice.id);
  });

  test("delete: bob and anon delete nothing; the owner deletes", async () => {
    expectRefusedOrEmpty(await bob.client.from("assistants").delete().eq("id", aliceAssistantId).select());
    expectRefusedOrEmpty(await anonClient().from("assistants").delete().eq("id", aliceAssistantId).select());
    expect(await stored(aliceAssistantId)).not.toBeNull();
    const deleted = ok(await alice.client.from("assistants").delete().eq("id", aliceAssistantId).select("id"));
    expect(deleted).toEqual([{ id: aliceAssistantId }]);
    expect(await stored(aliceAssistantId)).toBeNull();
  });
});

describe("articles: full CRUD for the owner only", () => {
  let articleId: string;
  const stored = async (id: string) =>
    (await serviceClient().from("articles").select("user_id, title, status, content").eq("id", id).maybeSingle()).data;

  test("insert: the owner creates a draft (defaults filled in)", async () => {
    const row = ok(
      await alice.client
        .from("articles")
        .insert({
          user_id: alice.id,
          title: "Hello world",
          excerpt: "Hi",
          categories: ["News"],
          tags: ["hello", "world"],
          slug: "hello-world",
          focus_keyword: "hello",
          meta_description: "A greeting",
        })
        .select("*")
        .single(),
    );
    expect(row).toMatchObject({
      user_id: alice.id,
      status: "draft",
      scheduled_for: null,
      categories: ["News"],
      tags: ["hello", "world"],
      wordpress_site_ids: [],
      scheduled_site_ids: [],
    });
    expect(Math.abs(timestampMs(row.created_at) - Date.now())).toBeLessThan(5 * 60_000);
    articleId = row.id;
  });

  test("insert: not for another user and not as anon", async () => {
    expectError(await alice.client.from("articles").insert({ user_id: bob.id, title: "Planted" }));
    expectError(await anonClient().from("articles").insert({ user_id: alice.id, title: "Anon" }));
    const { count } = await serviceClient().from("articles").select("id", { count: "exact", head: true }).eq("user_id", bob.id);
    expect(count).toBe(0);
  });

  test("insert: scheduled_for is required exactly when the status is scheduled", async () => {
    const insert = (row: Record<string, unknown>) => alice.client.from("articles").insert({ user_id: alice.id, title: "Timing", ...row });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    // PostgREST answers 400 with code 23514; the local stack answers 500 with
    // code "SUP" (see the report), so match the constraint name only.
    const violates = async (row: Record<string, unknown>, constraint: string) =>
      expect((await insert(row)).error?.message).toContain(constraint);
    await violates({ status: "scheduled" }, "articles_scheduled_for_iff_scheduled");
    await violates({ status: "draft", scheduled_for: tomorrow }, "articles_scheduled_for_iff_scheduled");
    await violates({ status: "published", scheduled_for: tomorrow }, "articles_scheduled_for_iff_scheduled");
    await violates({ status: "archived" }, "articles_status_check");
    const scheduled = ok(
      await alice.client
        .from("articles")
        .insert({ user_id: alice.id, title: "Later", status: "scheduled", scheduled_for: tomorrow })
        .select("id, status, scheduled_for")
        .single(),
    );
    expect(timestampMs(scheduled.scheduled_for)).toBe(Date.parse(tomorrow));
    ok(await alice.client.from("articles").delete().eq("id", scheduled.id));
  });

  test("select: the owner sees her article; bob and anon do not", async () => {
    const mine = ok(await alice.client.from("articles").select("id, title"));
    expect(mine).toEqual([{ id: articleId, title: "Hello world" }]);
    expectRefusedOrEmpty(await bob.client.from("articles").select("id").eq("id", articleId));
    expectRefusedOrEmpty(await anonClient().from("articles").select("*"));
  });

  test("select: .single() on another user's article gives PGRST116, as for a missing row", async () => {
    const hidden = await bob.client.from("articles").select("*").eq("id", articleId).single();
    expect(hidden.data).toBeNull();
    expect(hidden.error?.code).toBe("PGRST116");
    const missing = await alice.client.from("articles").select("*").eq("id", crypto.randomUUID()).single();
    expect(missing.error?.code).toBe("PGRST116");
    const maybe = await alice.client.from("articles").select("*").eq("id", crypto.randomUUID()).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  test("update: the owner edits; updated_at moves", async () => {
    const before = ok(await serviceClient().from("articles").select("updated_at").eq("id", articleId).single());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const row = ok(
      await alice.client.from("articles").update({ title: "Hello again", excerpt: "Edited" }).eq("id", articleId).select("title, updated_at").single(),
    );
    expect(row.title).toBe("Hello again");
    expect(timestampMs(row.updated_at)).toBeGreaterThan(timestampMs(before.updated_at));
  });

  test("update: bob and anon change nothing; the owner cannot give the article away", async () => {
    expectRefusedOrEmpty(await bob.client.from("articles").update({ title: "Mallory" }).eq("id", articleId).select());
    expectRefusedOrEmpty(await anonClient().from("articles").update({ title: "Anon" }).eq("id", articleId).select());
    expectError(await alice.client.from("articles").update({ user_id: bob.id }).eq("id", articleId).select());
    expect(await stored(articleId)).toEqual({ user_id: alice.id, title: "Hello again", status: "draft", content: "" });
  });

  test("delete: bob and anon delete nothing; the owner deletes", async () => {
    expectRefusedOrEmpty(await bob.client.from("articles").delete().eq("id", articleId).select());
    expectRefusedOrEmpty(await anonClient().from("articles").delete().eq("id", articleId).select());
    expect(await stored(articleId)).not.toBeNull();
    ok(await alice.client.from("articles").delete().eq("id", articleId));
    expect(await stored(articleId)).toBeNull();
  });
});
