import {
  generateImageResponseSchema,
  IMAGE_DEFAULTS,
  IMAGE_SIZE_DIMENSIONS,
  type GenerateImageInput,
  type GenerateImageResponse,
  type ImageSize,
} from "@contracts/image";
import { parseTimestamp } from "../../../lib/dates";
import { readFunctionErrorResponse } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

const GENERATE_IMAGE_FALLBACK_MESSAGE = "Failed to generate image";

/** An image of the user's library (a row of `generated_images`). */
export type LibraryImage = {
  id: string;
  url: string;
  prompt: string;
  width: number;
  height: number;
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
    .select("id, public_url, prompt, image_size, created_at")
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
      ...dimensionsOf(row.image_size),
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
