import { FunctionsHttpError } from "@supabase/supabase-js";
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { functionsStack, ok, projectAnonClient, saveApiKeys, signUp, type TestUser } from "./support.ts";

/**
 * The generate-image ↔ database/Storage seam, for real: a signed-in user
 * calls the function with the real supabase-js through the local functions
 * runtime; the function asks the fake fal.ai (supabase/functions/_testing/fakes/fal_server.ts,
 * at the HTTP level) for images, downloads them, stores them in the `images`
 * bucket of the local backend and records `generated_images` rows with the
 * secret key.
 */

type GeneratedImage = { id: string; url: string; width?: number; height?: number; createdAt: string };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function control<T>(path: string): Promise<T> {
  const response = await fetch(`${functionsStack().controlUrl}${path}`);
  return (await response.json()) as T;
}

/** The files fal handed out and the function fetched, as fal served them. */
async function falFilesSince(count: number): Promise<Uint8Array[]> {
  const requests = await control<{ method: string; path: string }[]>("/fal/requests");
  const files = requests.slice(count).filter((request) => request.method === "GET" && request.path.startsWith("/files/"));
  return Promise.all(
    files.map(async ({ path }) => new Uint8Array(await (await fetch(`${functionsStack().falUrl}${path}`)).arrayBuffer())),
  );
}

describe("generate-image through the functions runtime", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("image-alice", undefined, { project: true }),
      signUp("image-bob", undefined, { project: true }),
    ]);
    await saveApiKeys(alice, { falaiKey: "fal-integration-key" });
  });

  test("stores fal's images in Storage byte for byte and records them for the caller only", async () => {
    const falRequestsBefore = (await control<unknown[]>("/fal/requests")).length;
    const { data, error } = await alice.client.functions.invoke<{ images: GeneratedImage[] }>("generate-image", {
      body: { prompt: "A lighthouse at dawn", numImages: 2, imageSize: "square" },
    });
    expect(error).toBeNull();
    const images = data!.images;
    expect(images).toHaveLength(2);

    const originals = await falFilesSince(falRequestsBefore);
    expect(originals).toHaveLength(2);
    const stored: Uint8Array[] = [];
    for (const image of images) {
      // Our Storage URL on the project's origin, never fal's.
      expect(image.url.startsWith(`${functionsStack().projectUrl}/storage/v1/object/public/images/${alice.id}/`)).toBe(
        true,
      );
      expect(image.url).not.toContain(functionsStack().falUrl);
      const response = await fetch(image.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      stored.push(new Uint8Array(await response.arrayBuffer()));
    }
    expect(stored.map(sha256).sort()).toEqual(originals.map(sha256).sort());

    const rows = ok(
      await alice.client
        .from("generated_images")
        .select("id, user_id, storage_path, public_url, prompt, image_size, content_type, byte_size")
        .in("id", images.map((image) => image.id)),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const image = images.find((candidate) => candidate.id === row.id)!;
      expect(row).toMatchObject({
        user_id: alice.id,
        public_url: image.url,
        prompt: "A lighthouse at dawn",
        image_size: "square",
        content_type: "image/png",
      });
      expect(row.storage_path.startsWith(`${alice.id}/`)).toBe(true);
      const download = ok(await alice.client.storage.from("images").download(row.storage_path));
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes.byteLength).toBe(row.byte_size);
      expect(stored.map(sha256)).toContain(sha256(bytes));
    }

    expect(ok(await bob.client.from("generated_images").select("id").in("id", images.map((image) => image.id)))).toEqual(
      [],
    );
  });

  test("a caller without a fal.ai key is told so, and nothing is stored", async () => {
    const { data, error } = await bob.client.functions.invoke("generate-image", { body: { prompt: "A fox" } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "fal.ai API key not found. Add it in Profile Settings." });
    expect(ok(await bob.client.from("generated_images").select("id"))).toEqual([]);
  });

  test("the gateway refuses a caller without a session (verify_jwt: the publishable key alone is no user)", async () => {
    const { error } = await projectAnonClient().functions.invoke("generate-image", { body: { prompt: "A fox" } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "UNAUTHORIZED_NO_AUTH_HEADER", message: "Missing authorization header" });
  });
});
