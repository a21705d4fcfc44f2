import assert from "node:assert/strict";
import { uploadImageResponseSchema } from "../_shared/contracts/image.ts";
import { MAX_IMAGE_BYTES } from "../_shared/images/image_format.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { bytes, imageHeaders } from "../_testing/bytes.ts";
import { gradientPng } from "../_testing/fakes/png.ts";
import { createMemoryImageStore, MEMORY_STORAGE_URL, type MemoryImageStore } from "../_testing/memory_image_store.ts";
import {
  createHandler,
  IMAGE_TOO_LARGE,
  NO_FILE,
  NOT_A_FORM,
  NOT_AN_IMAGE,
  UNREADABLE_IMAGE,
  type UploadImageDeps,
} from "./handler.ts";

const USER_ID = "7d3c1a52-0d55-4c3e-9d6b-2b1b7a0f9e11";
const USER_TOKEN = "user-session-token";
const QUOTA_BYTES = 1024 * 1024;

function harness(options: { store?: MemoryImageStore; deps?: Partial<UploadImageDeps> } = {}) {
  const store = options.store ?? createMemoryImageStore();
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("Authorization") === `Bearer ${USER_TOKEN}`
        ? Promise.resolve({ id: USER_ID })
        : Promise.reject(new UnauthenticatedError()),
    imageStore: store,
    storageQuotaBytes: QUOTA_BYTES,
    now: () => new Date("2026-12-07T10:00:00Z"),
    log: () => {},
    ...options.deps,
  });
  /** Sends `file` (under the name and type the browser would claim) and a description as a form. */
  const upload = (
    file: Uint8Array | null,
    { name = "photo.png", type = "image/png", description, token = USER_TOKEN }: {
      name?: string;
      type?: string;
      description?: string;
      token?: string | null;
    } = {},
  ) => {
    const form = new FormData();
    if (file) form.set("file", new File([file as Uint8Array<ArrayBuffer>], name, { type }));
    if (description !== undefined) form.set("description", description);
    return handler(
      new Request("http://functions.test/upload-image", {
        method: "POST",
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        body: form,
      }),
    );
  };
  return { store, handler, upload };
}

async function expectError(response: Response, status: number, message: string) {
  const body = await response.json();
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, message);
  return body;
}

Deno.test("an uploaded PNG is stored as sniffed, sized from its header, and recorded as uploaded", async () => {
  const { store, upload } = harness();
  const png = await gradientPng(48, 27);
  const response = await upload(png, { name: "team.PNG", description: "  Our team at the fair  " });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const { image } = uploadImageResponseSchema.parse(JSON.parse(text));
  const [[path, stored]] = [...store.objects];
  assert.match(path, new RegExp(`^${USER_ID}/2026/12/[0-9a-f-]{36}\\.png$`));
  assert.deepEqual(stored, { bytes: png, contentType: "image/png" }, "the bytes as sent, under the sniffed type");
  assert.deepEqual(
    { url: image.url, width: image.width, height: image.height, description: image.description },
    { url: `${MEMORY_STORAGE_URL}/${path}`, width: 48, height: 27, description: "Our team at the fair" },
  );
  const [{ id, created_at: _createdAt, ...record }] = store.records;
  assert.equal(image.id, id);
  assert.deepEqual(record, {
    user_id: USER_ID,
    storage_path: path,
    public_url: image.url,
    source: "uploaded",
    prompt: "Our team at the fair",
    width: 48,
    height: 27,
    content_type: "image/png",
    byte_size: png.byteLength,
  });
});

Deno.test("the format comes from the bytes, not the name or type the browser claims", async () => {
  const { store, upload } = harness();
  const jpeg = imageHeaders(1600, 900).jpeg();
  const response = await upload(jpeg, { name: "holiday.png", type: "image/png" });
  assert.equal(response.status, 200, await response.clone().text());
  const [[path, stored]] = [...store.objects];
  assert.ok(path.endsWith(".jpg"), path);
  assert.equal(stored.contentType, "image/jpeg");
  assert.deepEqual([store.records[0].width, store.records[0].height], [1600, 900]);
  assert.equal(store.records[0].prompt, "", "no description: an empty one");

  for (const [file, extension] of [[imageHeaders(8, 6).gif, "gif"], [imageHeaders(8, 6).webpLossless, "webp"]] as const) {
    const answer = await upload(file, { name: "x.jpg", type: "image/jpeg" });
    assert.equal(answer.status, 200, await answer.clone().text());
  }
  assert.deepEqual(store.records.map((record) => record.content_type), ["image/jpeg", "image/gif", "image/webp"]);
});

Deno.test("what is not a JPEG, PNG, WebP or GIF is refused with 400 naming the file, whatever its name says", async () => {
  const { store, upload } = harness();
  for (
    const [file, name, type] of [
      [bytes("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "logo.png", "image/png"],
      [bytes("<!doctype html><script>alert(1)</script>"), "photo.jpg", "image/jpeg"],
      [bytes("%PDF-1.7\n"), "scan.webp", "image/webp"],
    ] as const
  ) {
    const body = await expectError(await upload(file, { name, type }), 400, NOT_AN_IMAGE);
    assert.equal(body.field, "file");
  }
  await expectError(await upload(imageHeaders(640, 480).jpeg().slice(0, 30)), 400, UNREADABLE_IMAGE);
  assert.equal(store.objects.size, 0);
  assert.equal(store.records.length, 0);
});

Deno.test("an image over MAX_IMAGE_BYTES is refused with 413 saying the limit, before anything is stored", async () => {
  const { store, upload, handler } = harness();
  const png = await gradientPng(4, 4);
  const tooBig = new Uint8Array(MAX_IMAGE_BYTES + 1);
  tooBig.set(png);
  const body = await expectError(await upload(tooBig), 413, IMAGE_TOO_LARGE);
  assert.equal(IMAGE_TOO_LARGE, "Images can be at most 10 MB. Choose a smaller file or compress it.");
  assert.equal(body.maxBytes, MAX_IMAGE_BYTES);

  // A body far past the cap is refused from its declared length, unread.
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(1024 * 1024));
    },
  });
  const response = await handler(
    new Request("http://functions.test/upload-image", {
      method: "POST",
      headers: { Authorization: `Bearer ${USER_TOKEN}`, "Content-Type": "multipart/form-data; boundary=x" },
      body: endless,
    }),
  );
  await expectError(response, 413, IMAGE_TOO_LARGE);
  assert.ok(pulled <= 12, `reading stopped at the cap (${pulled} MB pulled)`);

  // Exactly at the cap is fine as far as size goes (then the quota decides).
  const atCap = new Uint8Array(MAX_IMAGE_BYTES);
  atCap.set(png);
  const answer = await harness({ deps: { storageQuotaBytes: 100 * 1024 * 1024 } }).upload(atCap);
  assert.equal(answer.status, 200, await answer.clone().text());
  assert.equal(store.objects.size, 0);
});

Deno.test("the storage quota counts uploads like generated images: 403 with the bytes in use, nothing kept", async () => {
  const png = await gradientPng(8, 8);
  const nearlyFull = harness({ store: createMemoryImageStore({ usedBytes: { [USER_ID]: QUOTA_BYTES - png.byteLength + 1 } }) });
  const body = await expectError(
    await nearlyFull.upload(png),
    403,
    "Your image library is full (1024 KB of 1 MB used). Delete images you no longer need, then try again.",
  );
  assert.deepEqual([body.usedBytes, body.quotaBytes], [QUOTA_BYTES - png.byteLength + 1, QUOTA_BYTES]);
  assert.equal(nearlyFull.store.objects.size, 0, "refused before the upload");

  // Exactly full fits.
  const exactly = harness({ store: createMemoryImageStore({ usedBytes: { [USER_ID]: QUOTA_BYTES - png.byteLength } }) });
  assert.equal((await exactly.upload(png)).status, 200);

  // The atomic check at recording time wins a race: the upload is removed again.
  const racing = createMemoryImageStore();
  const raced = harness({
    store: { ...racing, usedBytes: () => Promise.resolve(0), recordImages: () => Promise.resolve({ stored: false, usedBytes: QUOTA_BYTES }) },
  });
  await expectError(
    await raced.upload(png),
    403,
    "Your image library is full (1 MB of 1 MB used). Delete images you no longer need, then try again.",
  );
  assert.equal(racing.objects.size, 0, "the uploaded file was discarded");
});

Deno.test("refusals before the file: not signed in, not a form, no file, a description too long", async () => {
  const { upload, handler, store } = harness();
  const png = await gradientPng(4, 4);
  await expectError(await upload(png, { token: null }), 401, "User not authenticated");
  const json = await handler(
    new Request("http://functions.test/upload-image", {
      method: "POST",
      headers: { Authorization: `Bearer ${USER_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ file: "aGVsbG8=" }),
    }),
  );
  await expectError(json, 400, NOT_A_FORM);
  await expectError(await upload(null, { description: "A fox" }), 400, NO_FILE);
  await expectError(await upload(new Uint8Array(0)), 400, NO_FILE);
  await expectError(
    await upload(png, { description: "x".repeat(301) }),
    400,
    "description: Description must be at most 300 characters",
  );
  assert.equal(store.objects.size, 0);
});

Deno.test("Storage failing: 502 'Failed to upload image', nothing left behind", async () => {
  const store = createMemoryImageStore({ failInsert: true });
  const { upload } = harness({ store });
  await expectError(await upload(await gradientPng(4, 4)), 502, "Failed to upload image");
  assert.equal(store.objects.size, 0);
});
