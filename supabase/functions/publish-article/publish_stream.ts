/**
 * A publish as Server-Sent Events (the contract is in
 * `_shared/contracts/publish_events.ts`): each step as the publisher reports
 * it, then `result` or `error`.
 *
 * Failures before the first step (article or site not found) are answered
 * as plain JSON with their HTTP status, like every other refusal of the
 * function; from the first step on the answer is a 200 stream and a failure
 * is its `error` event, carrying the status it would have had.
 *
 * The browser going away does not stop the publish: the steps on WordPress
 * run to the end and the outcome is recorded on the publication either way;
 * only the events stop being written.
 */
import { errorResponse } from "../_shared/http/responses.ts";
import { sseComment, sseEvent } from "../_shared/http/server_sent_events.ts";
import { PUBLISH_EVENTS, type PublishErrorEvent, type PublishStepEvent } from "../_shared/contracts/publish_events.ts";
import type { PublishArticleResult } from "../_shared/contracts/publishing.ts";

/** A comment line this often keeps proxies from closing a quiet stream (a slow image upload, say). */
export const KEEP_ALIVE_MS = 15_000;

type Outcome = { ok: true; result: PublishArticleResult } | { ok: false; failure: PublishErrorEvent };

export interface EventStreamOptions {
  keepAliveMs?: number;
}

/**
 * Runs `publish` with a step listener and answers as described above.
 * `describeFailure` turns whatever `publish` threw into the error event (and
 * logs what needs logging); it must not throw.
 */
export async function publishAsEventStream(
  publish: (onStep: (event: PublishStepEvent) => void) => Promise<PublishArticleResult>,
  describeFailure: (error: unknown) => PublishErrorEvent,
  { keepAliveMs = KEEP_ALIVE_MS }: EventStreamOptions = {},
): Promise<Response> {
  const waiting: Uint8Array[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let listening = true;
  const write = (chunk: Uint8Array) => {
    if (!listening) return;
    if (!controller) {
      waiting.push(chunk);
      return;
    }
    try {
      controller.enqueue(chunk);
    } catch {
      listening = false; // The browser closed the stream between two writes.
    }
  };

  let firstStep!: () => void;
  const stepped = new Promise<"stepped">((resolve) => (firstStep = () => resolve("stepped")));
  const outcome: Promise<Outcome> = publish((event) => {
    write(sseEvent(PUBLISH_EVENTS.step, event));
    firstStep();
  }).then(
    (result) => ({ ok: true, result }),
    (error: unknown) => ({ ok: false, failure: describeFailure(error) }),
  );

  const early = await Promise.race([stepped, outcome]);
  if (early !== "stepped" && !early.ok) {
    const { status, error, ...details } = early.failure;
    return errorResponse(status, error, details);
  }

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      for (const chunk of waiting.splice(0)) streamController.enqueue(chunk);
      const keepAlive = setInterval(() => write(sseComment("keep-alive")), keepAliveMs);
      void outcome.then((end) => {
        clearInterval(keepAlive);
        write(end.ok ? sseEvent(PUBLISH_EVENTS.result, end.result) : sseEvent(PUBLISH_EVENTS.error, end.failure));
        if (!listening) return;
        listening = false;
        try {
          streamController.close();
        } catch {
          // Already cancelled by the browser.
        }
      });
    },
    cancel() {
      listening = false;
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" },
  });
}
