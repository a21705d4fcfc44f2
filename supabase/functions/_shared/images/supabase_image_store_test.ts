/** The supabase-js adapter, checked against the HTTP requests it makes (no server needed). */
import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { createSupabaseImageStore } from "./supabase_image_store.ts";

const SUPABASE_URL = "http://supabase.test";

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: Uint8Array;
}

function clientAnswering(answer: (request: Seen) => Response) {
  const seen: Seen[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    };
    seen.push(entry);
    return answer(entry);
  };
  const client = createClient<Database>(SUPABASE_URL, "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchStub },
  });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("upload: raw bytes to the images bucket, never overwriting, cached as immutable", async () => {
  const { client, seen } = clientAnswering(() => json({ Key: "images/u/2026/03/a.png", Id: "x" }));
  const bytes = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 1, 2, 3);
  await createSupabaseImageStore(client).upload("u/2026/03/a.png", bytes, "image/png");
  const [request] = seen;
  assert.equal(request.method, "POST");
  assert.equal(request.url.pathname, "/storage/v1/object/images/u/2026/03/a.png");
  assert.equal(request.headers.get("x-upsert"), "false");
  assert.equal(request.headers.get("content-type"), "image/png");
  assert.equal(request.headers.get("cache-control"), "max-age=31536000");
  assert.deepEqual(request.body, bytes);
});

Deno.test("upload: a Storage error becomes an exception", async () => {
  const { client } = clientAnswering(() =>
    json({ statusCode: "409", error: "Duplicate", message: "The resource already exists" }, 409)
  );
  await assert.rejects(
    createSupabaseImageStore(client).upload("u/a.png", new Uint8Array(4), "image/png"),
    /Storage upload failed: The resource already exists/,
  );
});

Deno.test("publicUrl: the bucket's public object URL", () => {
  const { client } = clientAnswering(() => json({}));
  assert.equal(
    createSupabaseImageStore(client).publicUrl("u/2026/03/a.png"),
    `${SUPABASE_URL}/storage/v1/object/public/images/u/2026/03/a.png`,
  );
});

Deno.test("recordImages: one call of record_generated_images with the user, the quota and every row", async () => {
  const saved = [{ id: "i1", storage_path: "u/a.png", created_at: "2026-11-22T13:57:40.852+00:00" }];
  const { client, seen } = clientAnswering(() => json({ stored: true, used_bytes: 1004, images: saved }));
  const record = {
    user_id: "u",
    storage_path: "u/a.png",
    public_url: "http://x/a.png",
    prompt: "p",
    negative_prompt: "",
    image_size: "square_hd",
    style_preset: "photographic",
    num_inference_steps: 30,
    guidance_scale: 7.5,
    content_type: "image/png",
    byte_size: 4,
  };
  assert.deepEqual(await createSupabaseImageStore(client).recordImages("u", [record], 2048), {
    stored: true,
    records: saved,
  });
  const [request] = seen;
  assert.equal(request.method, "POST");
  assert.equal(request.url.pathname, "/rest/v1/rpc/record_generated_images");
  assert.deepEqual(JSON.parse(new TextDecoder().decode(request.body)), {
    p_user_id: "u",
    p_quota_bytes: 2048,
    p_images: [record],
  });

  const full = clientAnswering(() => json({ stored: false, used_bytes: 2000 }));
  assert.deepEqual(await createSupabaseImageStore(full.client).recordImages("u", [record], 2048), {
    stored: false,
    usedBytes: 2000,
  });

  const failing = clientAnswering(() => json({ code: "42501", message: "permission denied" }, 403));
  await assert.rejects(
    createSupabaseImageStore(failing.client).recordImages("u", [record], 2048),
    /record_generated_images failed/,
  );
});

Deno.test("usedBytes: image_storage_used for the user", async () => {
  const { client, seen } = clientAnswering(() => json(123456));
  assert.equal(await createSupabaseImageStore(client).usedBytes("u"), 123456);
  assert.equal(seen[0].url.pathname, "/rest/v1/rpc/image_storage_used");
  assert.deepEqual(JSON.parse(new TextDecoder().decode(seen[0].body)), { p_user_id: "u" });
});

Deno.test("discard: removes the objects and any rows for them, and never throws", async () => {
  const { client, seen } = clientAnswering((
    request,
  ) => (request.method === "DELETE" && request.url.pathname.startsWith("/rest")
    ? new Response(null, { status: 204 })
    : json([]))
  );
  await createSupabaseImageStore(client).discard(["u/a.png", "u/b.png"]);
  const storage = seen.find((request) => request.url.pathname === "/storage/v1/object/images");
  assert.equal(storage?.method, "DELETE");
  assert.deepEqual(JSON.parse(new TextDecoder().decode(storage!.body)), { prefixes: ["u/a.png", "u/b.png"] });
  const rows = seen.find((request) => request.url.pathname === "/rest/v1/generated_images");
  assert.equal(rows?.method, "DELETE");
  assert.equal(rows?.url.searchParams.get("storage_path"), "in.(u/a.png,u/b.png)");

  const broken = clientAnswering(() => new Response("down", { status: 503 }));
  await createSupabaseImageStore(broken.client).discard(["u/a.png"]);
  await createSupabaseImageStore(broken.client).discard([]);
  assert.equal(broken.seen.length, 2);
});
