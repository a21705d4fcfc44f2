import { beforeAll, describe, expect, test } from "vitest";
import { ghostSiteSaver } from "../../supabase/functions/ghost-connect/site_store.ts";
import { expectRefusedOrEmpty, ok, serviceClient, signUp, type TestUser, testSecretBox } from "./support.ts";

/**
 * Ghost sites on the real local backend with the real supabase-js: what
 * ghost-connect's store saves (the row for the browser, the key write-only),
 * and a Ghost post recorded on its publication as the publisher records it.
 */

const KEY = `6a1b2c3d4e5f60718293a4b5:${"0f1e2d3c4b5a6978".repeat(4)}`;
const POST_ID = "6a1b2c3d4e5f60718293a4c6";

let alice: TestUser;
let bob: TestUser;
let siteId: string;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("ghost-alice"), signUp("ghost-bob")]);
  const site = await ghostSiteSaver(serviceClient(), (value, place) => testSecretBox().seal(value, place))({
    userId: alice.id,
    name: "Alice's journal",
    siteUrl: "https://journal.example/",
    adminApiRoot: "https://journal.example/ghost/api/admin/",
    adminApiKey: KEY,
  });
  siteId = site.id;
  expect(site).toMatchObject({ kind: "ghost", username: null, seo_plugin: null, base_url: "https://journal.example/ghost/api/admin/" });
});

describe("a connected Ghost site", () => {
  test("the owner reads its row and kind, never the key; another user sees nothing", async () => {
    const rows = ok(await alice.client.from("wordpress_sites").select("id, kind, username").eq("id", siteId));
    expect(rows).toEqual([{ id: siteId, kind: "ghost", username: null }]);
    expectRefusedOrEmpty(await alice.client.from("ghost_site_credentials").select("admin_api_key"));
    expectRefusedOrEmpty(await bob.client.from("wordpress_sites").select("id").eq("id", siteId));
    expectRefusedOrEmpty(await bob.client.from("ghost_site_credentials").select("admin_api_key"));
    const stored = ok(await serviceClient().from("ghost_site_credentials").select("admin_api_key").eq("site_id", siteId).single());
    // Stored sealed for its row; the functions' key opens it.
    expect(stored.admin_api_key).toMatch(/^inkpress:v1:/);
    expect(stored.admin_api_key).not.toContain(KEY.split(":")[1]);
    const opened = await testSecretBox().open(stored.admin_api_key, {
      column: "ghost_site_credentials.admin_api_key",
      userId: alice.id,
      rowKey: siteId,
    });
    expect(opened.value).toBe(KEY);
  });

  test("a Ghost post is recorded on its publication (remote_post_ref) and the owner reads it", async () => {
    const service = serviceClient();
    const article = ok(await service.from("articles").insert({ user_id: alice.id, title: "Ghost post" }).select("id").single());
    ok(
      await service.rpc("record_publication_success", {
        p_user_id: alice.id,
        p_article_id: article.id,
        p_site_id: siteId,
        p_remote_post_id: null,
        p_remote_post_ref: POST_ID,
        p_link: "https://journal.example/ghost-post/",
        p_status: "publish",
      }),
    );
    const row = ok(await alice.client.from("articles").select("status, wordpress_site_ids").eq("id", article.id).single());
    expect(row).toEqual({ status: "published", wordpress_site_ids: [siteId] });

    ok(
      await service.rpc("record_publication_failure", {
        p_user_id: alice.id,
        p_article_id: article.id,
        p_site_id: siteId,
        p_error: "Ghost answered 409",
      }),
    );
    const publication = ok(
      await alice.client.from("publications").select("status, remote_post_ref, last_error").eq("article_id", article.id).single(),
    );
    expect(publication).toEqual({ status: "failed", remote_post_ref: POST_ID, last_error: "Ghost answered 409" });
    expectRefusedOrEmpty(await bob.client.from("publications").select("id").eq("article_id", article.id));
  });
});
