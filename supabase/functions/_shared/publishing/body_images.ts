/**
 * Images in an article's body that live in this app's storage, moved to the
 * site on publish (WordPress's media library, Ghost's images): each distinct
 * stored image is uploaded once per publish, at most BODY_IMAGE_UPLOADS_AT_ONCE
 * at a time, and its `src` rewritten to the site's URL, so the published
 * post never points at this app's storage. Alt text and every other
 * attribute stay as they are; images anywhere else (external URLs) are left
 * alone. Platform-neutral: each publisher passes its own upload.
 *
 * "Stored" means under the public `images` bucket of our own Supabase host
 * (`<SUPABASE_URL>/storage/v1/object/public/images/`), the host the
 * publisher's image download allowlists: nothing else is fetched through
 * that allowance.
 *
 * Re-publishing without uploading again, with no table of our own: each
 * upload's file name carries a token derived from its source URL
 * (`inkpress-` and 12 hex digits of its SHA-256). Both platforms keep that
 * token in the URL they answer: WordPress's sanitize_file_name() removes
 * only characters of its special list and whitespace, keeping case and
 * `[A-Za-z0-9._-]`, and wp_unique_filename() only appends `-1`, `-2` (and
 * big_image_size_threshold `-scaled`) before the extension
 * (wp-includes/formatting.php and functions.php, WordPress 6.1), the
 * media's `source_url` being that file's URL; Ghost's images upload (ghost
 * 6.65 core/server/api/endpoints/images.js, LocalStorageBase.save) keeps
 * the name through ghost-storage-base 3.0 getSanitizedFileName() (every
 * character outside `[\w@.]` made `-`) and getUniqueFileName() (`-1`, `-2`,
 * … while the name is taken), under /content/images/yyyy/mm/, and answers
 * `{ images: [{ url, ref }] }`. On an update, the
 * post's current content on the site is read, and an image whose token is in
 * the last path segment of one of its `<img src>` is reused from there
 * instead of uploaded. Chosen over a media search because it costs one read
 * that an update can afford, works the same on both platforms (Ghost's
 * Admin API has no image search) and never matches media that this post no
 * longer shows. Its limit: media deleted from the library while the post
 * still shows it is not noticed (the post shows what it showed before).
 *
 * The HTML handled here is always sanitize-html's output
 * (../html/sanitize_article_html.ts): every attribute is written as
 * `name="value"` with `&`, `<`, `>` and `"` escaped, so a tag ends at the
 * first `>` and a value at the next `"`. Rewriting keeps that form.
 */
import { PublishStepError, type StepReporter } from "./steps.ts";

/** Uploads running at the same time for one publish (each up to 10 MiB, so a few, not all). */
export const BODY_IMAGE_UPLOADS_AT_ONCE = 4;

/** The public URL prefix of the `images` bucket on our Supabase host. */
export function storedImagePrefix(supabaseUrl: string): string {
  return `${new URL(supabaseUrl).origin}/storage/v1/object/public/images/`;
}

/** One distinct stored image of the body. */
export interface BodyImage {
  /** Its URL in this app's storage, as the body names it (entities decoded). */
  source: string;
  /** The first alt text it has in the body ("" when none). */
  alt: string;
  /** `inkpress-` and 12 hex digits of the source URL's SHA-256: carried in the uploaded file's name. */
  token: string;
}

const IMG_TAG = /<img\b[^>]*>/gi;
const SRC_ATTRIBUTE = /(\ssrc=")([^"]*)(")/i;
const ALT_ATTRIBUTE = /\salt="([^"]*)"/i;

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const decodeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ENTITIES[name]);
const encodeAttribute = (value: string) =>
  value.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] as string);

async function tokenFor(source: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(source)));
  return `inkpress-${[...digest.slice(0, 6)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** Every `<img src>` of the HTML, entities decoded, with its alt text. */
function imageSources(html: string): Array<{ src: string; alt: string }> {
  return [...html.matchAll(IMG_TAG)].flatMap(([tag]) => {
    const src = SRC_ATTRIBUTE.exec(tag)?.[2];
    return src === undefined ? [] : [{ src: decodeAttribute(src), alt: decodeAttribute(ALT_ATTRIBUTE.exec(tag)?.[1] ?? "") }];
  });
}

/** The distinct images of `html` stored under `prefix`, in the order they first appear. */
export async function storedBodyImages(html: string, prefix: string): Promise<BodyImage[]> {
  const images = new Map<string, { src: string; alt: string }>();
  for (const image of imageSources(html)) {
    if (!image.src.startsWith(prefix) || image.src.length === prefix.length) continue;
    const known = images.get(image.src);
    if (!known) images.set(image.src, image);
    else if (!known.alt && image.alt) known.alt = image.alt;
  }
  return await Promise.all(
    [...images.values()].map(async ({ src, alt }) => ({ source: src, alt, token: await tokenFor(src) })),
  );
}

/** `html` with each `<img src>` named in `urls` (by its decoded value) pointing at its new URL instead. */
export function rewriteImageSources(html: string, urls: ReadonlyMap<string, string>): string {
  return html.replace(IMG_TAG, (tag) =>
    tag.replace(SRC_ATTRIBUTE, (whole, before: string, value: string, after: string) => {
      const replacement = urls.get(decodeAttribute(value));
      return replacement === undefined ? whole : `${before}${encodeAttribute(replacement)}${after}`;
    }));
}

/**
 * The images already on the site: for each image whose token is in the last
 * path segment of an http(s) `<img src>` of the post's current content, that
 * URL.
 */
function imagesOnSite(currentHtml: string, images: readonly BodyImage[]): Map<string, string> {
  const onSite = new Map<string, string>();
  const remoteUrls = imageSources(currentHtml).map(({ src }) => src).filter((src) => /^https?:\/\//i.test(src));
  for (const image of images) {
    const found = remoteUrls.find((url) => {
      try {
        return new URL(url).pathname.split("/").at(-1)?.includes(image.token) ?? false;
      } catch {
        return false;
      }
    });
    if (found) onSite.set(image.source, found);
  }
  return onSite;
}

/** The name an uploaded image gets: the article's slug (or "image"), the token, the sniffed extension. */
export function uploadFileName(slug: string | null, token: string, extension: string): string {
  const base = (slug ?? "").toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "image";
  return `${base}-${token}.${extension}`;
}

/** The file name an image has in the body (the last segment of its storage path), for messages. */
function imageName(source: string): string {
  try {
    return decodeURIComponent(new URL(source).pathname.split("/").at(-1) ?? "") || source;
  } catch {
    return source;
  }
}

/** How a failure names an image of the body, starting a sentence. */
export const bodyImageLabel = (image: BodyImage) => `The image “${imageName(image.source)}” in the article`;

/** What a blogger can do about an image of the body that cannot be moved. */
export const BODY_IMAGE_REMEDY = "Replace or remove it in the editor, then publish again.";

/** Runs `work` over `items`, at most `limit` at a time; rejects with the first failure. */
async function inBatchesOf<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface BodyImagesInput {
  html: string;
  /** storedImagePrefix(SUPABASE_URL); without it nothing is treated as stored. */
  storedPrefix: string | undefined;
  /** The post's current content on the site when this publish updates one (null: none, or it is gone). */
  currentHtml: () => Promise<string | null>;
  /** Uploads one image to the site and answers its URL there; throws PublishStepError of `body_images`. */
  upload: (image: BodyImage) => Promise<string>;
  step: StepReporter;
}

/**
 * The body with its stored images moved to the site: reported as the
 * `body_images` step (skipped with `no_body_images` when there are none,
 * `body_images_on_site` when every one is already there). Throws (the
 * step failed) before anything of the post is sent.
 */
export async function publishBodyImages(input: BodyImagesInput): Promise<string> {
  const images = input.storedPrefix ? await storedBodyImages(input.html, input.storedPrefix) : [];
  if (images.length === 0) {
    input.step.skipped("body_images", "no_body_images");
    return input.html;
  }
  let started = false;
  try {
    const currentHtml = await input.currentHtml();
    const urls = currentHtml ? imagesOnSite(currentHtml, images) : new Map<string, string>();
    const missing = images.filter((image) => !urls.has(image.source));
    if (missing.length === 0) {
      input.step.skipped("body_images", "body_images_on_site");
      return rewriteImageSources(input.html, urls);
    }
    input.step.started("body_images");
    started = true;
    const uploaded = await inBatchesOf(missing, BODY_IMAGE_UPLOADS_AT_ONCE, input.upload);
    missing.forEach((image, index) => urls.set(image.source, uploaded[index]));
    input.step.done("body_images");
    return rewriteImageSources(input.html, urls);
  } catch (error) {
    if (!started) input.step.started("body_images");
    const failure = error instanceof PublishStepError && error.step === "body_images" ? error : null;
    input.step.failed("body_images", failure?.message ?? "The images in the article could not be uploaded");
    throw error;
  }
}
