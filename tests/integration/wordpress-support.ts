import { FunctionsHttpError } from "@supabase/supabase-js";
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { functionsStack, ok, serviceClient, type TestUser, testSecretBox } from "./support.ts";

/**
 * Helpers for the tests that publish to the fake WordPress of the functions
 * stack: sites are connected and articles published through the functions,
 * as the app does; WordPress is read back through its own REST API.
 */

/** A post as the WordPress REST API returns it with `context=edit`. */
export type WordPressPost = {
  id: number;
  status: string;
  link: string;
  title: { raw: string };
  content: { raw: string };
  featured_media: number;
};

const wordpress = () => functionsStack().wordpress;
const basicAuth = () => `Basic ${Buffer.from(`${wordpress().username}:${wordpress().applicationPassword}`).toString("base64")}`;

/** Every post on the fake WordPress (any status but trash, up to 100), read through its REST API as its editor. */
export async function wordpressPosts(): Promise<WordPressPost[]> {
  const response = await fetch(`${wordpress().restRoot}wp/v2/posts?context=edit&status=any&per_page=100`, {
    headers: { authorization: basicAuth() },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WordPressPost[];
}

/** How many requests the fake WordPress has received so far. */
export async function wordpressRequestCount(): Promise<number> {
  const response = await fetch(`${functionsStack().controlUrl}/wordpress/requests`);
  return ((await response.json()) as unknown[]).length;
}

/** The function's error answer: status and JSON body. */
export async function functionError(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Connects the fake WordPress as one of `user`'s sites with `wordpress-connect`; returns the site id. */
export async function connectSite(user: TestUser, name: string): Promise<string> {
  const { data, error } = await user.client.functions.invoke<{ site: { id: string; user_id: string } }>(
    "wordpress-connect",
    {
      body: {
        name,
        site_url: wordpress().origin,
        username: wordpress().username,
        application_password: wordpress().applicationPassword,
      },
    },
  );
  expect(error).toBeNull();
  expect(data!.site.user_id).toBe(user.id);
  return data!.site.id;
}

/**
 * Changes a site's stored application password, as if it had been revoked
 * on WordPress (or a new one saved). Credentials are readable and writable
 * with the secret key only, and stored sealed (as the functions seal them).
 */
export async function setApplicationPassword(siteId: string, password: string): Promise<void> {
  const { user_id: userId } = ok(
    await serviceClient().from("wordpress_site_credentials").select("user_id").eq("site_id", siteId).single(),
  );
  const sealed = await testSecretBox().seal(password, {
    column: "wordpress_site_credentials.application_password",
    userId,
    rowKey: siteId,
  });
  const rows = ok(
    await serviceClient()
      .from("wordpress_site_credentials")
      .update({ application_password: sealed })
      .eq("site_id", siteId)
      .select("site_id"),
  );
  expect(rows).toHaveLength(1);
}

export type NewArticle = {
  title?: string;
  status?: "draft" | "scheduled";
  scheduled_for?: string | null;
  scheduled_site_ids?: string[];
  featured_image_url?: string | null;
};

/**
 * An article of `user`, inserted with their own client (RLS); its HTML
 * content is written with the secret key, the way the app's functions write
 * it. Titles are unique, so posts can be told apart on the shared WordPress.
 */
export async function createArticle(user: TestUser, fields: NewArticle = {}): Promise<{ id: string; title: string }> {
  const title = fields.title ?? `Ten composting tips ${randomUUID().slice(0, 8)}`;
  const article = ok(
    await user.client
      .from("articles")
      .insert({
        user_id: user.id,
        title,
        excerpt: "How to start composting at home.",
        meta_description: "Composting at home, step by step.",
        focus_keyword: "composting",
        categories: ["Garden"],
        tags: ["compost", "soil"],
        ...fields,
      })
      .select("id")
      .single(),
  );
  ok(
    await serviceClient()
      .from("articles")
      .update({ content: "<p>Start with <strong>brown</strong> and green layers.</p>" })
      .eq("id", article.id),
  );
  return { id: article.id, title };
}
