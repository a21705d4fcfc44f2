/** Server-Sent Events as the functions stream them to the browser (drafting, publishing). */

const encoder = new TextEncoder();

/** One event: its name and its data as JSON. JSON.stringify never emits a raw newline, so one data line is always enough. */
export function sseEvent(name: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: ignored by the reader, it keeps proxies from closing a quiet stream. */
export function sseComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}
