import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, expectError, ok, serviceClient, signUp, timestampMs, type TestUser } from "./support.ts";

/**
 * The publishing workflow's functions through the real supabase-js, as the
 * owner, another user and anon: calendar_entries(), reschedule_article(),
 * retry_scheduled_publication(), list_articles()'s schedule columns and
 * publications.remote_status.
 */

let alice: TestUser;
let bob: TestUser;
let travelId: string;
let foodId: string;
let scheduledId: string;
let publishedId: string;

const HOUR = 3_600_000;

type CalendarRow = { kind: string; title: string; site_name: string | null; publication_status: string | null; last_error: string | null };
type ListRow = { title: string; scheduled_for: string; scheduled_site_names: string[] };
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
  const service = serviceClient();
  const sites = ok(
    await service
      .from("wordpress_sites")
      .insert(
        ["Travel blog", "Food blog"].map((name) => ({
          user_id: alice.id,
          name,
          site_url: `https://${name.split(" ")[0].toLowerCase()}.example`,
          username: "alice",
          base_url: `https://${name.split(" ")[0].toLowerCase()}.example/wp-json/`,
        })),
      )
      .select("id, name"),
  );
  travelId = sites.find((site) => site.name === "Travel blog")!.id;
  foodId = sites.find((site) => site.name === "Food blog")!.id;

  // Due an hour ago, to both sites: the food blog attempt failed and waits for its back-off.
  scheduledId = ok(
    await alice.client
      .from("articles")
      .insert({
        user_id: alice.id,
        title: "Winter walks",
        status: "scheduled",
        scheduled_for: inHours(-1),
        scheduled_site_ids: [travelId, foodId],
      })
      .select("id")
      .single(),
  ).id;
  publishedId = ok(
    await alice.client.from("articles").insert({ user_id: alice.id, title: "Autumn harvest" }).select("id").single(),
  ).id;
  ok(
    await service.rpc("record_publication_success", {
      p_user_id: alice.id,
      p_article_id: publishedId,
      p_site_id: travelId,
      p_remote_post_id: 7,
      p_link: "https://travel.example/?p=7",
      p_status: "publish",
    }),
  );
  ok(
    await service.rpc("record_publication_failure", {
      p_user_id: alice.id,
      p_article_id: scheduledId,
      p_site_id: foodId,
      p_error: "The site did not respond in time",
      p_retry: true,
    }),
  );
});

describe("publications.remote_status", () => {
  test("the owner reads what WordPress has; bob and anon read nothing", async () => {
    const rows = ok(await alice.client.from("publications").select("article_id, status, remote_status").order("status"));
    expect(rows).toEqual([
      { article_id: scheduledId, status: "failed", remote_status: null },
      { article_id: publishedId, status: "publish", remote_status: "publish" },
    ]);
    expect(ok(await bob.client.from("publications").select("remote_status"))).toEqual([]);
    expectError(await anonClient().from("publications").select("remote_status"));
  });
});

describe("calendar_entries()", () => {
  const range = () => ({ range_start: inHours(-24), range_end: inHours(24) });

  test("the owner gets her scheduled articles per target site and her publications", async () => {
    const entries: CalendarRow[] = ok(await alice.client.rpc("calendar_entries", range()));
    expect(
      entries.map((entry) => [entry.kind, entry.title, entry.site_name, entry.publication_status, entry.last_error]),
    ).toEqual(
      expect.arrayContaining([
        ["scheduled", "Winter walks", "Food blog", "failed", "The site did not respond in time"],
        ["scheduled", "Winter walks", "Travel blog", null, null],
        ["publication", "Autumn harvest", "Travel blog", "publish", null],
      ]),
    );
    expect(entries).toHaveLength(3);
  });

  test("bob gets none of them; anon may not call it; a range over 43 days is refused", async () => {
    expect(ok(await bob.client.rpc("calendar_entries", range()))).toEqual([]);
    expectError(await anonClient().rpc("calendar_entries", range()));
    const tooLong = await alice.client.rpc("calendar_entries", { range_start: inHours(-24 * 50), range_end: inHours(0) });
    expect(tooLong.error?.message).toBe("the range may span at most 43 days");
  });
});

describe("retry_scheduled_publication()", () => {
  test("bob and anon cannot queue alice's failed publication", async () => {
    expectError(await bob.client.rpc("retry_scheduled_publication", { p_article_id: scheduledId, p_site_id: foodId }));
    expectError(await anonClient().rpc("retry_scheduled_publication", { p_article_id: scheduledId, p_site_id: foodId }));
    const stored = ok(
      await serviceClient().from("publications").select("next_attempt_at").eq("article_id", scheduledId).single(),
    );
    expect(timestampMs(stored.next_attempt_at!)).toBeGreaterThan(Date.now());
  });

  test("the owner queues it: due now", async () => {
    const queuedAt = ok(
      await alice.client.rpc("retry_scheduled_publication", { p_article_id: scheduledId, p_site_id: foodId }),
    );
    expect(timestampMs(queuedAt)).toBeLessThanOrEqual(Date.now() + 1_000);
    const stored = ok(
      await serviceClient().from("publications").select("status, next_attempt_at").eq("article_id", scheduledId).single(),
    );
    expect(stored.status).toBe("failed");
    expect(timestampMs(stored.next_attempt_at!)).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});

describe("reschedule_article() and the list's schedule columns", () => {
  test("bob and anon cannot move alice's article", async () => {
    expectError(await bob.client.rpc("reschedule_article", { p_article_id: scheduledId, p_scheduled_for: inHours(48) }));
    expectError(await anonClient().rpc("reschedule_article", { p_article_id: scheduledId, p_scheduled_for: inHours(48) }));
  });

  test("the owner moves it; its failed publication starts afresh; the list shows the new time and sites", async () => {
    const at = inHours(48);
    ok(await alice.client.rpc("reschedule_article", { p_article_id: scheduledId, p_scheduled_for: at }));
    const article = ok(await serviceClient().from("articles").select("status, scheduled_for").eq("id", scheduledId).single());
    expect(article.status).toBe("scheduled");
    expect(timestampMs(article.scheduled_for!)).toBe(Date.parse(at));
    const publication = ok(
      await serviceClient().from("publications").select("attempts, next_attempt_at").eq("article_id", scheduledId).single(),
    );
    expect(publication).toEqual({ attempts: 0, next_attempt_at: null });

    const page: ListRow[] = ok(await alice.client.rpc("list_articles", { status_filter: "scheduled" }));
    expect(page.map((row) => [row.title, timestampMs(row.scheduled_for), row.scheduled_site_names])).toEqual([
      ["Winter walks", Date.parse(at), ["Food blog", "Travel blog"]],
    ]);
  });
});
