import { beforeAll, describe, expect, test } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { anonClient, ok, serviceClient, signUp, timestampMs, type TestUser } from "./support.ts";

/** The dashboard's queries, as web/src/features/dashboard/data/dashboard.ts issues them. */
async function dashboard(client: SupabaseClient, userId: string) {
  const [articles, sites, drafts, recent] = await Promise.all([
    client.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId),
    client.from("wordpress_sites").select("id", { count: "exact", head: true }).eq("user_id", userId),
    client.from("articles").select("id", { count: "exact", head: true }).eq("user_id", userId).eq("status", "draft"),
    client.from("articles").select("id,title,status,created_at").eq("user_id", userId).order("created_at", { ascending: false }).limit(5),
  ]);
  for (const result of [articles, sites, drafts, recent]) expect(result.error).toBeNull();
  return {
    total: articles.count,
    sites: sites.count,
    drafts: drafts.count,
    headData: articles.data,
    recent: recent.data ?? [],
  };
}

describe("dashboard counts and recent articles", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    // Seven articles, one at a time so created_at is strictly increasing.
    const rows = [
      { title: "A1", status: "draft" },
      { title: "A2", status: "published" },
      { title: "A3", status: "draft" },
      { title: "A4", status: "scheduled", scheduled_for: tomorrow },
      { title: "A5", status: "draft" },
      { title: "A6", status: "published" },
      { title: "A7", status: "draft" },
    ];
    for (const row of rows) {
      ok(await alice.client.from("articles").insert({ user_id: alice.id, ...row }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    ok(await bob.client.from("articles").insert({ user_id: bob.id, title: "B1", status: "draft" }));
    ok(
      await serviceClient().from("wordpress_sites").insert([
        { user_id: alice.id, name: "one", site_url: "https://one.example", username: "a", base_url: "https://one.example/wp-json/" },
        { user_id: alice.id, name: "two", site_url: "https://two.example", username: "a", base_url: "https://two.example/wp-json/" },
      ]),
    );
  });

  test("counts with { count: 'exact', head: true } return numbers and no rows", async () => {
    const d = await dashboard(alice.client, alice.id);
    expect(d).toMatchObject({ total: 7, sites: 2, drafts: 4 });
    expect(d.headData).toBeNull();
  });

  test("the recent list is the five newest, newest first", async () => {
    const d = await dashboard(alice.client, alice.id);
    expect(d.recent.map((r) => r.title)).toEqual(["A7", "A6", "A5", "A4", "A3"]);
    const times = d.recent.map((r) => timestampMs(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("counts are per user: bob's dashboard ignores alice's rows", async () => {
    expect(await dashboard(bob.client, bob.id)).toMatchObject({ total: 1, sites: 0, drafts: 1 });
  });

  test("asking for another user's id counts nothing", async () => {
    const d = await dashboard(bob.client, alice.id);
    expect(d).toMatchObject({ total: 0, sites: 0, drafts: 0, recent: [] });
  });

  test("anon counts nothing", async () => {
    const result = await anonClient().from("articles").select("id", { count: "exact", head: true }).eq("user_id", alice.id);
    expect(result.error ? 0 : result.count).toBe(0);
  });

  test(".single() on no row gives PGRST116; .maybeSingle() gives null", async () => {
    const single = await alice.client.from("articles").select("id").eq("title", "does not exist").single();
    expect(single.error?.code).toBe("PGRST116");
    expect(single.data).toBeNull();
    const several = await alice.client.from("articles").select("id").eq("status", "draft").single();
    expect(several.error?.code).toBe("PGRST116");
    const maybe = await alice.client.from("articles").select("id").eq("title", "does not exist").maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});
