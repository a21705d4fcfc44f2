import {
  generateImageResponseSchema,
  IMAGE_DEFAULTS,
  IMAGE_SIZE_DIMENSIONS,
  MAX_IMAGE_BYTES,
  UPLOAD_IMAGE_TYPES,
  uploadImageResponseSchema,
  type GenerateImageInput,
  type GenerateImageResponse,
  type ImageSize,
} from "@contracts/image";
import { parseTimestamp } from "../../../lib/dates";
import { readFunctionErrorResponse } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

const GENERATE_IMAGE_FALLBACK_MESSAGE = "Failed to generate image";

/** An image of the user's library (a row of `generated_images`): generated here, or uploaded. */
export type LibraryImage = {
  id: string;
  url: string;
  /** What was asked for (generated), or the description given (uploaded): the image's alt text. */
  prompt: string;
  width: number;
  height: number;
  source: "generated" | "uploaded";
  createdAt: Date;
};

/** The pixel size fal.ai produces for a named size; square HD when unknown. */
export function dimensionsOf(imageSize: string | null | undefined): { width: number; height: number } {
  return IMAGE_SIZE_DIMENSIONS[imageSize as ImageSize] ?? IMAGE_SIZE_DIMENSIONS[IMAGE_DEFAULTS.imageSize];
}

/** The server's message: the JSON body's `message` or `error` field, else the raw body text. */
async function generateImageErrorMessage(error: unknown, fallback: string): Promise<string> {
  const response = await readFunctionErrorResponse(error);
  if (!response) return fallback;
  const { message, error: errorText } = response.body ?? {};
  if (typeof message === "string" && message) return message;
  if (typeof errorText === "string" && errorText) return errorText;
  return response.text.trim() || fallback;
}

/**
 * Generates images with the user's fal.ai key and the chosen model. The
 * returned URLs are our Storage URLs; each image is already recorded in the
 * user's library. `flagged` counts images fal's safety checker flagged,
 * which were refused. Throws an Error carrying the service's message, else
 * `fallbackMessage`.
 */
export async function generateImages(
  input: GenerateImageInput,
  { signal, fallbackMessage = GENERATE_IMAGE_FALLBACK_MESSAGE }: { signal?: AbortSignal; fallbackMessage?: string } = {},
): Promise<GenerateImageResponse> {
  const { data, error } = await supabase.functions.invoke("generate-image", { body: input, signal });
  if (error) throw new Error(await generateImageErrorMessage(error, fallbackMessage));
  const parsed = generateImageResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error("No image URL was returned from the API");
  return parsed.data;
}

const UPLOAD_FALLBACK_MESSAGE = "Failed to upload image";
export const UPLOAD_TOO_LARGE = "Images can be at most 10 MB. Choose a smaller file or compress it.";
export const UPLOAD_NOT_AN_IMAGE = "Only JPEG, PNG, WebP and GIF images can be uploaded.";

/**
 * Uploads one of the user's own images into the library (upload-image
 * sniffs, sizes and stores it, within the storage quota). A file the server
 * would refuse for its size or declared type is refused here first, without
 * sending it; the server checks the bytes either way. Throws an Error with
 * the message to show.
 */
export async function uploadImage(
  file: File,
  description: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LibraryImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error(UPLOAD_TOO_LARGE);
  if (file.type && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error(UPLOAD_NOT_AN_IMAGE);
  const form = new FormData();
  form.set("file", file);
  form.set("description", description);
  const { data, error } = await supabase.functions.invoke("upload-image", { body: form, signal });
  if (error) throw new Error((await generateImageErrorMessage(error, UPLOAD_FALLBACK_MESSAGE)).replace(/^file: /, ""));
  const parsed = uploadImageResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error(UPLOAD_FALLBACK_MESSAGE);
  const { image } = parsed.data;
  return {
    id: image.id,
    url: image.url,
    prompt: image.description,
    width: image.width,
    height: image.height,
    source: "uploaded",
    createdAt: parseTimestamp(image.createdAt),
  };
}

/** What to say about images the safety checker refused, or "" when none was. */
export function flaggedNote(flagged: number): string {
  if (flagged === 0) return "";
  return `${flagged === 1 ? "1 image was" : `${flagged} images were`} flagged by fal.ai's safety checker and not kept.`;
}

export const LIBRARY_PAGE_SIZE = 24;

/** Where the next page of the library starts: the last image shown, by its exact created_at text and id. */
export type LibraryCursor = { createdAt: string; id: string };

export type LibraryPage = { images: LibraryImage[]; next: LibraryCursor | null };

/** A value inside a PostgREST or() filter, quoted so its spaces, colons and plus signs stay one value. */
const orValue = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * One page of the user's generated images, newest first: the first page, or
 * the images after `after` (keyset on created_at, id, so images generated or
 * deleted meanwhile never shift a page). `next` is null on the last page.
 */
export async function listGeneratedImages(after?: LibraryCursor): Promise<LibraryPage> {
  let query = supabase
    .from("generated_images")
    .select("id, public_url, prompt, image_size, source, width, height, created_at")
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    // One extra row tells whether another page exists.
    .limit(LIBRARY_PAGE_SIZE + 1);
  if (after) {
    const at = orValue(after.createdAt);
    // The lte bound lets the index start at the cursor; the or() breaks ties on id.
    query = query
      .lte("created_at", after.createdAt)
      .or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${orValue(after.id)})`);
  }
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  const rows = (data ?? []).slice(0, LIBRARY_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    images: rows.map((row) => ({
      id: row.id,
      url: row.public_url,
      prompt: row.prompt,
      // Uploads (and nothing else yet) keep the size read from the file; generated images have their preset's.
      ...(row.width && row.height ? { width: row.width, height: row.height } : dimensionsOf(row.image_size)),
      source: row.source === "uploaded" ? "uploaded" : "generated",
      createdAt: parseTimestamp(row.created_at),
    })),
    next: last && (data ?? []).length > LIBRARY_PAGE_SIZE ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/**
 * Removes the stored file, then its library row, so a listed image never points
 * at a missing file (the database refuses to delete the row while the file is
 * stored, and the storage quota counts the file: migration 20261204000200).
 */
export async function deleteGeneratedImage(id: string): Promise<void> {
  const found = await supabase
    .from("generated_images")
    .select("storage_path")
    .eq("id", id)
    .maybeSingle();
  if (found.error) throw new Error(found.error.message);
  if (found.data) {
    const removal = await supabase.storage.from("images").remove([found.data.storage_path]);
    if (removal.error) throw new Error(removal.error.message);
  }
  const { error } = await supabase.from("generated_images").delete().eq("id", id);
  if (error) throw new Error(error.message);
}

/** Stores `url` as the article's featured image. */
export async function saveFeaturedImageUrl(articleId: string, url: string): Promise<void> {
  const { error } = await supabase.from("articles").update({ featured_image_url: url }).eq("id", articleId);
  if (error) throw new Error(error.message);
}

/** The image's bytes, for a download that keeps our file name. */
export async function fetchImageBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Image download failed with status ${response.status}`);
  return response.blob();
}

/** An article the library's "Use in article" can target. */
export type ArticleChoice = { id: string; title: string };

/** The user's articles, most recently created first, by title. */
export async function listArticleChoices(): Promise<ArticleChoice[]> {
  const { data, error } = await supabase
    .from("articles")
    .select("id, title")
    .order("created_at", { ascending: false })
    .limit(200);
  if (error) throw new Error(error.message);
  return data ?? [];
}
