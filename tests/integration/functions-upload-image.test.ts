import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test } from "vitest";
import { expectError, expectRefusedOrEmpty, functionsStack, ok, pngBytes, signUp, type TestUser } from "./support.ts";

/**
 * upload-image ↔ database/Storage, for real: a signed-in user sends her own
 * image with the real supabase-js through the local functions runtime; the
 * function sniffs it, stores it in the `images` bucket under her folder and
 * records a `generated_images` row marked uploaded with the secret key. Row
 * level security keeps it hers: another user neither sees nor removes it,
 * and nobody writes the bucket or the table around the function.
 */

type UploadedImage = { id: string; url: string; width: number; height: number; description: string; createdAt: string };

function imageForm(bytes: Uint8Array, name: string, type: string, description?: string): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  if (description !== undefined) form.set("description", description);
  return form;
}

async function refusal(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe("upload-image through the functions runtime", () => {
  let alice: TestUser;
  let bob: TestUser;
  let uploaded: UploadedImage;
  let storagePath: string;
  const png = pngBytes();

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("upload-alice", undefined, { project: true }),
      signUp("upload-bob", undefined, { project: true }),
    ]);
    const { data, error } = await alice.client.functions.invoke<{ image: UploadedImage }>("upload-image", {
      body: imageForm(png, "harbour.jpg", "image/jpeg", "The harbour at noon"),
    });
    expect(error).toBeNull();
    uploaded = data!.image;
    storagePath = uploaded.url.split("/object/public/images/")[1];
  });

  test("the owner's image is stored byte for byte under her folder, as the PNG it is, and listed as uploaded", async () => {
    expect(uploaded).toMatchObject({ width: 1, height: 1, description: "The harbour at noon" });
    expect(uploaded.url.startsWith(`${functionsStack().projectUrl}/storage/v1/object/public/images/${alice.id}/`)).toBe(true);
    expect(storagePath.endsWith(".png"), "the extension is the sniffed format's, not the file name's").toBe(true);
    const response = await fetch(uploaded.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);

    const rows = ok(
      await alice.client
        .from("generated_images")
        .select("id, user_id, storage_path, prompt, source, width, height, image_size, content_type, byte_size")
        .eq("id", uploaded.id),
    );
    expect(rows).toEqual([{
      id: uploaded.id,
      user_id: alice.id,
      storage_path: storagePath,
      prompt: "The harbour at noon",
      source: "uploaded",
      width: 1,
      height: 1,
      image_size: null,
      content_type: "image/png",
      byte_size: png.byteLength,
    }]);
  });

  test("another user neither sees nor removes it", async () => {
    expectRefusedOrEmpty(await bob.client.from("generated_images").select("id").eq("id", uploaded.id));
    expectRefusedOrEmpty(await bob.client.from("generated_images").delete().eq("id", uploaded.id).select("id"));
    await bob.client.storage.from("images").remove([storagePath]);
    expect((await fetch(uploaded.url)).status, "alice's file is still served").toBe(200);
    expect(ok(await alice.client.from("generated_images").select("id").eq("id", uploaded.id))).toHaveLength(1);
  });

  test("nobody writes the bucket or the table around the function: the file is always checked", async () => {
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
    for (const user of [alice, bob]) {
      expectError(await user.client.storage.from("images").upload(`${user.id}/direct.png`, svg, { contentType: "image/png" }));
      expectError(
        await user.client.from("generated_images").insert({
          user_id: user.id,
          storage_path: `${user.id}/direct.png`,
          public_url: "https://project.example/direct.png",
          prompt: "Direct",
          content_type: "image/png",
          byte_size: svg.byteLength,
          source: "uploaded",
          width: 1,
          height: 1,
        }).select("id"),
      );
    }
  });

  test("a file that is not an image is refused with 400 whatever its name says; bob's upload is his", async () => {
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
    const { error } = await bob.client.functions.invoke("upload-image", { body: imageForm(svg, "logo.png", "image/png") });
    expect(await refusal(error)).toEqual({
      status: 400,
      body: { error: "file: Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them", field: "file" },
    });

    const mine = await bob.client.functions.invoke<{ image: UploadedImage }>("upload-image", { body: imageForm(png, "b.png", "image/png") });
    expect(mine.error).toBeNull();
    expect(mine.data!.image.url).toContain(`/images/${bob.id}/`);
    expect(ok(await bob.client.from("generated_images").select("id"))).toEqual([{ id: mine.data!.image.id }]);
  });
});
