import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  deleteGeneratedImage,
  fetchImageBlob,
  generateImages,
  LIBRARY_PAGE_SIZE,
  listGeneratedImages,
  saveFeaturedImageUrl,
  UPLOAD_NOT_AN_IMAGE,
  UPLOAD_TOO_LARGE,
  uploadImage,
} from "./images";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({
  supabase: { functions: { invoke: vi.fn() }, from: vi.fn(), storage: { from: vi.fn() } },
}));

/** A thenable query builder: every chained call returns it; awaiting it gives `result`. */
function query(result: { data?: unknown; error: { message: string } | null }) {
  const builder: Record<string, unknown> = {};
  for (const method of ["select", "order", "limit", "lte", "or", "returns", "eq", "delete", "update"]) {
    builder[method] = vi.fn(() => builder);
  }
  builder.maybeSingle = vi.fn(() => Promise.resolve(result));
  builder.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
    Promise.resolve(result).then(resolve, reject);
  return builder as Record<string, ReturnType<typeof vi.fn>>;
}

const httpError = (status: number, body: string) => new FunctionsHttpError(new Response(body, { status }));
const IMAGE = { id: "i1", url: "https://storage.test/i1.png", width: 1024, height: 1024, createdAt: "2026-11-22T13:57:40.852Z" };

beforeEach(() => {
  vi.mocked(supabase.functions.invoke).mockReset();
  vi.mocked(supabase.from).mockReset();
});

describe("generateImages", () => {
  it("posts the request to generate-image and returns our stored images", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { images: [IMAGE] }, error: null } as never);
    const signal = new AbortController().signal;
    expect(await generateImages({ prompt: "A fox", numImages: 1 }, { signal })).toEqual({ images: [IMAGE], flagged: 0 });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("generate-image", {
      body: { prompt: "A fox", numImages: 1 },
      signal,
    });
  });

  it.each([
    ['{"error":"fal.ai API key not found. Add it in Profile Settings."}', "fal.ai API key not found. Add it in Profile Settings."],
    ['{"message":"Rate limited","error":"ignored"}', "Rate limited"],
    ["upstream timed out", "upstream timed out"],
    ["", "Failed to generate image"],
    ['{"detail":"?"}', '{"detail":"?"}'],
  ])("reads the message from the error body %j", async (body, message) => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: httpError(400, body) } as never);
    await expect(generateImages({ prompt: "A fox" })).rejects.toThrow(message);
  });

  it.each([
    [429, "Too many images: you can generate 30 every 10 minutes. Try again in 4 minutes."],
    [403, "Your image library is full (200 MB of 200 MB used). Delete images you no longer need, then try again."],
  ])("shows the limit the server applied (%i) with its message", async (status, message) => {
    const error = httpError(status, JSON.stringify({ error: message }));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(generateImages({ prompt: "A fox" })).rejects.toThrow(message);
  });

  it("uses the caller's fallback when the service gave no message", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: new FunctionsFetchError(new Error("offline")) } as never);
    await expect(generateImages({ prompt: "A fox" }, { fallbackMessage: "Failed to generate featured image" })).rejects.toThrow(
      "Failed to generate featured image",
    );
  });

  it("refuses an answer without an image URL", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { images: [] }, error: null } as never);
    await expect(generateImages({ prompt: "A fox" })).rejects.toThrow("No image URL was returned from the API");
  });
});

describe("listGeneratedImages", () => {
  it("reads the first page newest first (ties by id), one row more than a page, with pixel sizes", async () => {
    const rows = [
      { id: "b", public_url: "https://storage.test/b.png", prompt: "Fox", image_size: "landscape_16_9", source: "generated", width: null, height: null, created_at: "2026-11-22 13:57:40.852+00" },
      { id: "a", public_url: "https://storage.test/a.png", prompt: "Owl", image_size: null, source: "generated", width: null, height: null, created_at: "2026-11-21 10:00:00+00" },
      { id: "u", public_url: "https://storage.test/u.jpg", prompt: "", image_size: null, source: "uploaded", width: 1600, height: 900, created_at: "2026-11-20 10:00:00+00" },
    ];
    const builder = query({ data: rows, error: null });
    vi.mocked(supabase.from).mockReturnValue(builder as never);
    expect(await listGeneratedImages()).toEqual({
      images: [
        { id: "b", url: "https://storage.test/b.png", prompt: "Fox", width: 1024, height: 576, source: "generated", createdAt: new Date("2026-11-22T13:57:40.852Z") },
        { id: "a", url: "https://storage.test/a.png", prompt: "Owl", width: 1024, height: 1024, source: "generated", createdAt: new Date("2026-11-21T10:00:00Z") },
        { id: "u", url: "https://storage.test/u.jpg", prompt: "", width: 1600, height: 900, source: "uploaded", createdAt: new Date("2026-11-20T10:00:00Z") },
      ],
      next: null,
    });
    expect(supabase.from).toHaveBeenCalledWith("generated_images");
    expect(builder.select).toHaveBeenCalledWith("id, public_url, prompt, image_size, source, width, height, created_at");
    expect(builder.order).toHaveBeenNthCalledWith(1, "created_at", { ascending: false });
    expect(builder.order).toHaveBeenNthCalledWith(2, "id", { ascending: false });
    expect(builder.limit).toHaveBeenCalledWith(LIBRARY_PAGE_SIZE + 1);
    expect(builder.or).not.toHaveBeenCalled();
  });

  it("continues after a cursor with its exact created_at, and gives the next cursor while more exist", async () => {
    const rows = Array.from({ length: LIBRARY_PAGE_SIZE + 1 }, (_, i) => ({
      id: `id-${i}`, public_url: "u", prompt: "p", image_size: "square", created_at: `2026-11-22 13:57:${String(59 - i).padStart(2, "0")}.5+00`,
    }));
    const builder = query({ data: rows, error: null });
    vi.mocked(supabase.from).mockReturnValue(builder as never);
    const page = await listGeneratedImages({ createdAt: "2026-11-23 08:00:00.123456+00", id: "c0ffee" });
    expect(builder.lte).toHaveBeenCalledWith("created_at", "2026-11-23 08:00:00.123456+00");
    expect(builder.or).toHaveBeenCalledWith(
      'created_at.lt."2026-11-23 08:00:00.123456+00",and(created_at.eq."2026-11-23 08:00:00.123456+00",id.lt."c0ffee")',
    );
    expect(page.images).toHaveLength(LIBRARY_PAGE_SIZE);
    expect(page.next).toEqual({ createdAt: rows[LIBRARY_PAGE_SIZE - 1].created_at, id: `id-${LIBRARY_PAGE_SIZE - 1}` });
  });

  it("throws on a backend error", async () => {
    vi.mocked(supabase.from).mockReturnValue(query({ data: null, error: { message: "JWT expired" } }) as never);
    await expect(listGeneratedImages()).rejects.toThrow("JWT expired");
  });
});

describe("deleteGeneratedImage", () => {
  it("removes the stored file, then the row", async () => {
    const lookup = query({ data: { storage_path: "user-1/2026/11/b.png" }, error: null });
    const removal = query({ error: null });
    vi.mocked(supabase.from).mockReturnValueOnce(lookup as never).mockReturnValueOnce(removal as never);
    const remove = vi.fn().mockResolvedValue({ data: [], error: null });
    vi.mocked(supabase.storage.from).mockReturnValue({ remove } as never);
    await deleteGeneratedImage("b");
    expect(lookup.eq).toHaveBeenCalledWith("id", "b");
    expect(supabase.storage.from).toHaveBeenCalledWith("images");
    expect(remove).toHaveBeenCalledWith(["user-1/2026/11/b.png"]);
    expect(removal.delete).toHaveBeenCalled();
    expect(removal.eq).toHaveBeenCalledWith("id", "b");
  });

  it("keeps the row when the file cannot be removed", async () => {
    vi.mocked(supabase.from).mockReturnValueOnce(query({ data: { storage_path: "p" }, error: null }) as never);
    vi.mocked(supabase.storage.from).mockReturnValue({
      remove: vi.fn().mockResolvedValue({ data: null, error: { message: "denied" } }),
    } as never);
    await expect(deleteGeneratedImage("b")).rejects.toThrow("denied");
    expect(supabase.from).toHaveBeenCalledTimes(1);
  });
});

describe("saveFeaturedImageUrl", () => {
  it("updates the article's featured_image_url by id", async () => {
    const builder = query({ error: null });
    vi.mocked(supabase.from).mockReturnValue(builder as never);
    await saveFeaturedImageUrl("article-1", "https://storage.test/b.png");
    expect(supabase.from).toHaveBeenCalledWith("articles");
    expect(builder.update).toHaveBeenCalledWith({ featured_image_url: "https://storage.test/b.png" });
    expect(builder.eq).toHaveBeenCalledWith("id", "article-1");
  });

  it("throws on a backend error", async () => {
    vi.mocked(supabase.from).mockReturnValue(query({ error: { message: "denied" } }) as never);
    await expect(saveFeaturedImageUrl("article-1", "u")).rejects.toThrow("denied");
  });
});

describe("fetchImageBlob", () => {
  it("returns the bytes or throws on an HTTP error", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch");
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }));
    expect((await fetchImageBlob("https://storage.test/b.png")).size).toBe(4);
    fetchMock.mockResolvedValueOnce(new Response("missing", { status: 404 }));
    await expect(fetchImageBlob("https://storage.test/c.png")).rejects.toThrow("404");
    fetchMock.mockRestore();
  });
});

describe("uploadImage", () => {
  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "harbour.jpg", { type: "image/jpeg" });

  it("posts the file and its description as a form to upload-image and returns the library image", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({
      data: { image: { id: "u1", url: "https://storage.test/u1.jpg", width: 1600, height: 900, description: "Harbour", createdAt: "2026-12-07T10:00:00Z" } },
      error: null,
    } as never);
    const file = jpeg();
    expect(await uploadImage(file, "Harbour")).toEqual({
      id: "u1",
      url: "https://storage.test/u1.jpg",
      prompt: "Harbour",
      width: 1600,
      height: 900,
      source: "uploaded",
      createdAt: new Date("2026-12-07T10:00:00Z"),
    });
    const [name, options] = vi.mocked(supabase.functions.invoke).mock.calls[0];
    expect(name).toBe("upload-image");
    const body = options?.body as FormData;
    expect(body.get("file")).toBe(file);
    expect(body.get("description")).toBe("Harbour");
  });

  it("refuses a file over 10 MB or of another type without sending it", async () => {
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    await expect(uploadImage(huge, "")).rejects.toThrow(UPLOAD_TOO_LARGE);
    await expect(uploadImage(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }), "")).rejects.toThrow(UPLOAD_NOT_AN_IMAGE);
    expect(supabase.functions.invoke).not.toHaveBeenCalled();
  });

  it("shows the server's refusal without its field prefix", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({
      data: null,
      error: httpError(400, JSON.stringify({ error: "file: Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them", field: "file" })),
    } as never);
    await expect(uploadImage(jpeg(), "")).rejects.toThrow(/^Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them$/);
  });
});
