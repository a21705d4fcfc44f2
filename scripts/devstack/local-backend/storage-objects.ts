import { sniffImageFormat } from "../../../supabase/functions/_shared/images/image_format.ts";

/**
 * Storage objects served inert. Locally the API shares the app's origin, so a
 * stored `x.html` or `x.svg` (whatever Content-Type it was uploaded with)
 * would run as a page of the app, with the user's session in reach. lite
 * serves objects by their file extension, without nosniff. So every object
 * download (GET/HEAD of /storage/v1/object/{public,authenticated,sign}/…,
 * /storage/v1/object/<bucket>/… or /storage/v1/render/image/…) answers with:
 *   - X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox
 *     (no script, no same-origin access even if it is rendered);
 *   - the image type its bytes show (PNG, JPEG, WebP, GIF) when they show
 *     one, so images still display;
 *   - anything else as `application/octet-stream` with
 *     `Content-Disposition: attachment`: downloaded, never rendered.
 * Other storage responses (JSON) get nosniff and the sandbox too.
 */

const OBJECT_DOWNLOAD = /^\/storage\/v1\/(?:object\/(?!(?:info|list|move|copy|upload)\/)|render\/image\/)[^/]+\/./;
/** Enough bytes for every signature sniffImageFormat knows (WebP's is 12). */
const SNIFF_BYTES = 16;

export const STORAGE_RESPONSE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox",
} as const;

export function isObjectDownload(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && OBJECT_DOWNLOAD.test(new URL(request.url).pathname);
}

/** The first `count` bytes of a stream and a stream of all of it (those bytes included). */
async function peek(
  body: ReadableStream<Uint8Array>,
  count: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < count) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = new Uint8Array(Math.min(length, count));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= head.length) break;
    const part = chunk.subarray(0, head.length - offset);
    head.set(part, offset);
    offset += part.length;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, stream };
}

/**
 * Makes a storage response inert. `wholeObject` fetches the object from its
 * start when the response itself cannot show its first bytes (a HEAD, or a
 * Range request that did not start at byte 0); it is called only for
 * successful downloads, and only its first bytes are read.
 */
export async function inertStorageResponse(
  request: Request,
  response: Response,
  wholeObject: () => Promise<ReadableStream<Uint8Array> | null>,
): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(STORAGE_RESPONSE_HEADERS)) headers.set(name, value);
  if (!isObjectDownload(request) || response.status < 200 || response.status >= 300) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  let body: ReadableStream<Uint8Array> | null = response.body;
  let head: Uint8Array;
  const fromStart = response.status === 200 || /^bytes 0-/.test(headers.get("Content-Range") ?? "");
  if (body && request.method === "GET" && fromStart) {
    ({ head, stream: body } = await peek(body, SNIFF_BYTES));
  } else {
    const whole = await wholeObject();
    const peeked = whole ? await peek(whole, SNIFF_BYTES) : null;
    head = peeked?.head ?? new Uint8Array();
    await peeked?.stream.cancel().catch(() => {});
  }
  const image = sniffImageFormat(head);
  if (image) {
    headers.set("Content-Type", image.contentType);
  } else {
    headers.set("Content-Type", "application/octet-stream");
    // Keeps a file name lite set for ?download=<name>; anything else becomes a bare attachment.
    if (!/^attachment\b/i.test(headers.get("Content-Disposition") ?? "")) headers.set("Content-Disposition", "attachment");
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
