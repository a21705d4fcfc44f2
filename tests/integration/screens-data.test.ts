import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, expectError, ok, serviceClient, signUp, type TestUser } from "./support.ts";

/**
 * What issue 21's screens ask of the backend, through the real supabase-js
 * as the owner, another user and anon: the keyword research history
 * (keyword_researches), the Calendar's drafts ready to schedule and
 * scheduling one (web/src/features/calendar/data/calendar.ts), and the
 * dashboard's failed publications with their article and site
 * (web/src/features/dashboard/data/dashboard.ts).
 */

let alice: TestUser;
let bob: TestUser;
let siteId: string;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
  siteId = ok(
    await serviceClient()
      .from("wordpress_sites")
      .insert({ user_id: alice.id, name: "Garden blog", site_url: "https://garden.example", username: "alice", base_url: "https://garden.example/wp-json/" })
      .select("id")
      .single(),
  ).id;
});

describe("keyword research history", () => {
  test("the owner saves, lists and deletes; another user and anon see and delete nothing", async () => {
    const saved = ok(
      await alice.client
        .from("keyword_researches")
        .insert({ topic: "home gardening", keywords: [{ keyword: "raised beds", searchVolume: "2.4K" }], notes: [] })
        .select("id, user_id, topic, keywords")
        .single(),
    );
    expect(saved).toMatchObject({ user_id: alice.id, topic: "home gardening", keywords: [{ keyword: "raised beds", searchVolume: "2.4K" }] });

    expect(ok(await bob.client.from("keyword_researches").select("id"))).toEqual([]);
    expect(ok(await bob.client.from("keyword_researches").delete().eq("id", saved.id).select("id"))).toEqual([]);
    expectError(await anonClient().from("keyword_researches").select("id"));
    expectError(await alice.client.from("keyword_researches").insert({ user_id: bob.id, topic: "planted", keywords: [] }));
    expectError(await alice.client.from("keyword_researches").update({ topic: "changed" }).eq("id", saved.id));

    expect(ok(await alice.client.from("keyword_researches").select("topic").order("created_at", { ascending: false }))).toEqual([
      { topic: "home gardening" },
    ]);
    expect(ok(await alice.client.from("keyword_researches").delete().eq("id", saved.id).select("id"))).toHaveLength(1);
  });
});

describe("the Calendar's drafts ready to schedule", () => {
  test("ready means a draft needing no review, or approved; scheduling one sets its time, sites and post status", async () => {
    const service = serviceClient();
    const batchId = ok(
      await service.from("draft_batches").insert({ user_id: alice.id, name: "Batch", review_required: true }).select("id").single(),
    ).id;
    const [plain, waiting, approved] = ok(
      await service
        .from("articles")
        .insert([
          { user_id: alice.id, title: "Plain draft", status: "draft" },
          { user_id: alice.id, title: "Waiting draft", status: "draft", draft_batch_id: batchId, approval_required: true },
          { user_id: alice.id, title: "Approved draft", status: "draft", draft_batch_id: batchId, approval_required: true, approved_at: new Date().toISOString() },
        ])
        .select("id, title"),
    );

    const ready = ok(
      await alice.client
        .from("articles")
        .select("id, title")
        .eq("status", "draft")
        .or("approval_required.eq.false,approved_at.not.is.null")
        .order("title"),
    );
    expect(ready.map((row) => row.title)).toEqual(["Approved draft", "Plain draft"]);
    expect(ok(await bob.client.from("articles").select("id").eq("status", "draft"))).toEqual([]);

    const at = new Date(Date.now() + 86_400_000).toISOString();
    const schedule = (client: TestUser["client"], id: string) =>
      client
        .from("articles")
        .update({ status: "scheduled", scheduled_for: at, scheduled_site_ids: [siteId], scheduled_post_status: "draft" })
        .eq("id", id)
        .eq("status", "draft")
        .select("id, status, scheduled_site_ids, scheduled_post_status");

    // Another user's draft is not found; a draft waiting for review is refused by the database.
    expect(ok(await schedule(bob.client, plain.id))).toEqual([]);
    expectError(await schedule(alice.client, waiting.id));
    expect(ok(await schedule(alice.client, approved.id))).toEqual([
      { id: approved.id, status: "scheduled", scheduled_site_ids: [siteId], scheduled_post_status: "draft" },
    ]);
    // Scheduling it again finds no draft (the Calendar says it changed meanwhile).
    expect(ok(await schedule(alice.client, approved.id))).toEqual([]);
  });
});

describe("the dashboard's failures needing attention", () => {
  test("failed publications come with their article's title and site's name, the owner's only", async () => {
    const articleId = ok(
      await serviceClient()
        .from("articles")
        .insert({ user_id: alice.id, title: "Frost fairs", status: "scheduled", scheduled_for: new Date().toISOString(), scheduled_site_ids: [siteId] })
        .select("id")
        .single(),
    ).id;
    ok(
      await serviceClient().from("publications").insert({
        user_id: alice.id,
        article_id: articleId,
        site_id: siteId,
        status: "failed",
        last_error: "The site did not respond in time",
      }),
    );
    const failures = (client: TestUser["client"], userId: string) =>
      client
        .from("publications")
        .select("article_id, last_error, articles(title), wordpress_sites(name)")
        .eq("user_id", userId)
        .eq("status", "failed");
    expect(ok(await failures(alice.client, alice.id))).toEqual([
      { article_id: articleId, last_error: "The site did not respond in time", articles: { title: "Frost fairs" }, wordpress_sites: { name: "Garden blog" } },
    ]);
    expect(ok(await failures(bob.client, alice.id))).toEqual([]);
  });
});
