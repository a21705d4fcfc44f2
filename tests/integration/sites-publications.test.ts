import { beforeAll, describe, expect, test } from "vitest";
import {
  anonClient,
  expectError,
  expectRefusedOrEmpty,
  ok,
  serviceClient,
  signUp,
  type TestUser,
  testSecretBox,
} from "./support.ts";

let alice: TestUser;
let bob: TestUser;
let aliceSiteId: string;
let bobSiteId: string;
let aliceArticleId: string;
let alicePublicationId: string;
/** Alice's application password as stored (sealed). */
let alicePassword: string;

const site = (user: TestUser, name: string) => ({
  user_id: user.id,
  name,
  site_url: `https://${name}.example`,
  username: name,
  base_url: `https://${name}.example/wp-json/`,
});

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
  // What the connect-site and publish edge functions write, with the secret key.
  const service = serviceClient();
  const sites = ok(await service.from("wordpress_sites").insert([site(alice, "alice"), site(bob, "bob")]).select("id, user_id"));
  aliceSiteId = sites.find((s) => s.user_id === alice.id)!.id;
  bobSiteId = sites.find((s) => s.user_id === bob.id)!.id;
  // Sealed, as the functions store them (the database refuses plain text).
  const seal = (value: string, userId: string, siteId: string, column: "application_password" | "webhook_secret") =>
    testSecretBox().seal(value, { column: `wordpress_site_credentials.${column}`, userId, rowKey: siteId });
  alicePassword = await seal("abcd efgh ijkl mnop", alice.id, aliceSiteId, "application_password");
  ok(
    await service.from("wordpress_site_credentials").insert([
      {
        site_id: aliceSiteId,
        user_id: alice.id,
        application_password: alicePassword,
        webhook_secret: await seal("whsec_alice", alice.id, aliceSiteId, "webhook_secret"),
      },
      {
        site_id: bobSiteId,
        user_id: bob.id,
        application_password: await seal("qrst uvwx yz12 3456", bob.id, bobSiteId, "application_password"),
      },
    ]),
  );
  aliceArticleId = ok(await alice.client.from("articles").insert({ user_id: alice.id, title: "Post" }).select("id").single()).id;
  alicePublicationId = ok(
    await service
      .from("publications")
      .insert({ user_id: alice.id, article_id: aliceArticleId, site_id: aliceSiteId, remote_post_id: 101, link: "https://alice.example/?p=101", status: "publish" })
      .select("id")
      .single(),
  ).id;
});

describe("wordpress_sites: read, rename and remove by the owner; created by edge functions", () => {
  const stored = async (id: string) =>
    (await serviceClient().from("wordpress_sites").select("user_id, name, site_url").eq("id", id).maybeSingle()).data;

  test("select: the owner sees her site only; bob and anon see none of hers", async () => {
    const mine = ok(await alice.client.from("wordpress_sites").select("id, name, site_url, username, base_url"));
    expect(mine).toEqual([{ id: aliceSiteId, name: "alice", site_url: "https://alice.example", username: "alice", base_url: "https://alice.example/wp-json/" }]);
    expectRefusedOrEmpty(await bob.client.from("wordpress_sites").select("id").eq("id", aliceSiteId));
    expectRefusedOrEmpty(await anonClient().from("wordpress_sites").select("*"));
  });

  test("select: no site row carries a password or secret", async () => {
    const row = ok(await alice.client.from("wordpress_sites").select("*").eq("id", aliceSiteId).single());
    expect(JSON.stringify(row)).not.toMatch(/abcd efgh|whsec_/);
    expect(Object.keys(row)).not.toEqual(expect.arrayContaining(["application_password"]));
  });

  test("insert: nobody but the edge function (secret key)", async () => {
    expectError(await alice.client.from("wordpress_sites").insert(site(alice, "direct")));
    expectError(await anonClient().from("wordpress_sites").insert(site(alice, "anon")));
    const { count } = await serviceClient().from("wordpress_sites").select("id", { count: "exact", head: true }).eq("user_id", alice.id);
    expect(count).toBe(1);
  });

  test("update: the owner renames; bob and anon change nothing; the owner cannot give it away", async () => {
    const renamed = ok(await alice.client.from("wordpress_sites").update({ name: "Wonderland" }).eq("id", aliceSiteId).select("name").single());
    expect(renamed.name).toBe("Wonderland");
    expectRefusedOrEmpty(await bob.client.from("wordpress_sites").update({ name: "Mallory" }).eq("id", aliceSiteId).select());
    expectRefusedOrEmpty(await anonClient().from("wordpress_sites").update({ name: "Anon" }).eq("id", aliceSiteId).select());
    expectError(await alice.client.from("wordpress_sites").update({ user_id: bob.id }).eq("id", aliceSiteId).select());
    expect(await stored(aliceSiteId)).toEqual({ user_id: alice.id, name: "Wonderland", site_url: "https://alice.example" });
  });

  test("delete: bob and anon delete nothing", async () => {
    expectRefusedOrEmpty(await bob.client.from("wordpress_sites").delete().eq("id", aliceSiteId).select());
    expectRefusedOrEmpty(await anonClient().from("wordpress_sites").delete().eq("id", aliceSiteId).select());
    expect(await stored(aliceSiteId)).not.toBeNull();
  });
});

describe("wordpress_site_credentials: invisible to every user, owner included", () => {
  test("no select returns a credential", async () => {
    for (const user of [alice, bob]) {
      expectRefusedOrEmpty(await user.client.from("wordpress_site_credentials").select("*"));
      expectRefusedOrEmpty(await user.client.from("wordpress_site_credentials").select("application_password").eq("site_id", aliceSiteId));
      const head = await user.client.from("wordpress_site_credentials").select("*", { count: "exact", head: true });
      expect(head.error ? 0 : head.count).toBe(0);
    }
    expectRefusedOrEmpty(await anonClient().from("wordpress_site_credentials").select("*"));
  });

  test("an embed from wordpress_sites does not reveal them either", async () => {
    const result = await alice.client.from("wordpress_sites").select("id, wordpress_site_credentials(application_password)").eq("id", aliceSiteId);
    if (!result.error) {
      expect(result.data).toHaveLength(1);
      const embedded = (result.data[0] as Record<string, unknown>).wordpress_site_credentials;
      expect(embedded === null || (Array.isArray(embedded) && embedded.length === 0)).toBe(true);
    }
  });

  test("no write by the owner, bob or anon", async () => {
    expectError(await alice.client.from("wordpress_site_credentials").insert({ site_id: aliceSiteId, user_id: alice.id, application_password: "x" }));
    expectRefusedOrEmpty(await alice.client.from("wordpress_site_credentials").update({ application_password: "changed" }).eq("site_id", aliceSiteId).select());
    expectRefusedOrEmpty(await bob.client.from("wordpress_site_credentials").update({ application_password: "changed" }).eq("site_id", aliceSiteId).select());
    expectRefusedOrEmpty(await alice.client.from("wordpress_site_credentials").delete().eq("site_id", aliceSiteId).select());
    expectError(await anonClient().from("wordpress_site_credentials").insert({ site_id: aliceSiteId, user_id: alice.id, application_password: "x" }));
    expectRefusedOrEmpty(await anonClient().from("wordpress_site_credentials").delete().eq("site_id", aliceSiteId).select());
    const stored = ok(await serviceClient().from("wordpress_site_credentials").select("application_password").eq("site_id", aliceSiteId).single());
    expect(stored.application_password).toBe(alicePassword);
  });
});

describe("publications: read-only for the owner; written by edge functions", () => {
  const stored = async () =>
    (await serviceClient().from("publications").select("link, status").eq("id", alicePublicationId).maybeSingle()).data;

  test("select: the owner sees hers (also embedded in her article); bob and anon do not", async () => {
    const mine = ok(await alice.client.from("publications").select("id, remote_post_id, link"));
    expect(mine).toEqual([{ id: alicePublicationId, remote_post_id: 101, link: "https://alice.example/?p=101" }]);
    const article = ok(await alice.client.from("articles").select("id, publications(site_id, link)").eq("id", aliceArticleId).single());
    expect(article.publications).toEqual([{ site_id: aliceSiteId, link: "https://alice.example/?p=101" }]);
    expectRefusedOrEmpty(await bob.client.from("publications").select("*").eq("id", alicePublicationId));
    expectRefusedOrEmpty(await anonClient().from("publications").select("*"));
  });

  test("no insert, update or delete through the API, owner included", async () => {
    expectError(await alice.client.from("publications").insert({ user_id: alice.id, article_id: aliceArticleId, site_id: bobSiteId }));
    expectRefusedOrEmpty(await alice.client.from("publications").update({ link: "https://evil.example" }).eq("id", alicePublicationId).select());
    expectRefusedOrEmpty(await alice.client.from("publications").delete().eq("id", alicePublicationId).select());
    expectRefusedOrEmpty(await bob.client.from("publications").update({ link: "https://evil.example" }).eq("id", alicePublicationId).select());
    expectRefusedOrEmpty(await bob.client.from("publications").delete().eq("id", alicePublicationId).select());
    expectError(await anonClient().from("publications").insert({ user_id: alice.id, article_id: aliceArticleId, site_id: aliceSiteId }));
    expectRefusedOrEmpty(await anonClient().from("publications").delete().eq("id", alicePublicationId).select());
    expect(await stored()).toEqual({ link: "https://alice.example/?p=101", status: "publish" });
  });

  test("removing a site (owner) removes its credentials and publications", async () => {
    const removed = ok(await alice.client.from("wordpress_sites").delete().eq("id", aliceSiteId).select("id"));
    expect(removed).toEqual([{ id: aliceSiteId }]);
    const service = serviceClient();
    expect((await service.from("wordpress_site_credentials").select("site_id").eq("site_id", aliceSiteId)).data).toEqual([]);
    expect(await stored()).toBeNull();
    expect((await service.from("wordpress_site_credentials").select("site_id").eq("site_id", bobSiteId)).data).toHaveLength(1);
    expect((await service.from("articles").select("id").eq("id", aliceArticleId)).data).toHaveLength(1);
  });
});
