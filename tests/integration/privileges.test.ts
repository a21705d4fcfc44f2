import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, ok, serviceClient, signUp, type TestUser } from "./support.ts";

/**
 * What the migrations grant and revoke holds through the API, as on hosted
 * Supabase: a table or column an API role was not granted answers 42501
 * "permission denied", never rows (the local backend undoes the grants
 * @supabase/lite makes by itself). And sign-up metadata reaches the profile
 * (on a real PostgreSQL, lite's postgres driver once stored it as a JSON
 * string, so profiles were blank).
 */

const permissionDenied = (table: string) => ({ code: "42501", message: `permission denied for table ${table}` });

let alice: TestUser;

beforeAll(async () => {
  alice = await signUp("alice", { first_name: "Ada", last_name: "Lovelace", phone_number: "+44 20 7946 0000" });
});

describe("sign-up metadata", () => {
  test("fills the profile from the sign-up trigger", async () => {
    const profile = ok(await serviceClient().from("profiles").select("first_name, last_name, phone_number").eq("id", alice.id).single());
    expect(profile).toEqual({ first_name: "Ada", last_name: "Lovelace", phone_number: "+44 20 7946 0000" });
  });

  test("comes back from Auth as an object with the submitted fields", async () => {
    const { data, error } = await alice.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Ada", last_name: "Lovelace", phone_number: "+44 20 7946 0000" });
  });
});

describe("secret tables are closed to the browser's roles", () => {
  for (const table of ["api_keys", "wordpress_site_credentials"]) {
    test(`${table}: anon and authenticated are refused with 42501`, async () => {
      for (const client of [anonClient(), alice.client]) {
        const { data, error } = await client.from(table).select("*");
        expect(data).toBeNull();
        expect(error).toMatchObject(permissionDenied(table));
      }
    });
  }

  test("anon has no privilege on profiles at all", async () => {
    const { error } = await anonClient().from("profiles").select("id");
    expect(error).toMatchObject(permissionDenied("profiles"));
  });
});

describe("column grants are enforced", () => {
  test("a profile's id is not writable by its owner", async () => {
    const { error } = await alice.client.from("profiles").update({ id: crypto.randomUUID() }).eq("id", alice.id);
    expect(error).toMatchObject(permissionDenied("profiles"));
  });

  test("articles: wordpress_site_ids (set by the publisher) is neither insertable nor updatable", async () => {
    const planted = [crypto.randomUUID()];
    const insert = await alice.client.from("articles").insert({ user_id: alice.id, title: "Planted", wordpress_site_ids: planted });
    expect(insert.error).toMatchObject(permissionDenied("articles"));

    const article = ok(await alice.client.from("articles").insert({ user_id: alice.id, title: "Mine" }).select("id").single());
    const update = await alice.client.from("articles").update({ wordpress_site_ids: planted }).eq("id", article.id);
    expect(update.error).toMatchObject(permissionDenied("articles"));
    const stored = ok(await serviceClient().from("articles").select("wordpress_site_ids").eq("id", article.id).single());
    expect(stored.wordpress_site_ids).toEqual([]);
  });

  test("wordpress_sites: only the name is writable", async () => {
    const { error } = await alice.client.from("wordpress_sites").update({ site_url: "https://evil.example" }).eq("user_id", alice.id);
    expect(error).toMatchObject(permissionDenied("wordpress_sites"));
  });
});
