import { EventSourceParserStream } from "eventsource-parser/stream";

/** One Server-Sent Event: its name (`message` when none is given) and its data lines joined by "\n". */
export type ServerSentEvent = { event: string; data: string };

/**
 * Reads Server-Sent Events from a byte stream with `eventsource-parser` (the
 * event-stream rules of the HTML standard: LF, CRLF or CR line ends, also
 * split between chunks; a blank line dispatches; `:` comments; an event
 * without data, or unfinished when the stream ends, is dropped). Stopping
 * early — a `break`, or an error — cancels the byte stream.
 */
export async function* readServerSentEvents(stream: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<ServerSentEvent> {
  const reader = stream
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      yield { event: value.event ?? "message", data: value.data };
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** An event's data read as JSON; undefined when it is not JSON (the caller's schema then refuses it). */
export function eventJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
