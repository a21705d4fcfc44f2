/** Test support: byte fixtures, chunked streams and typed rejections for the image and body tests. */
import assert from "node:assert/strict";

export const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

export function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

export async function rejects<T extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
  pattern?: RegExp,
): Promise<T> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected ${type.name}, got ${error}`);
    if (pattern) assert.match((error as Error).message, pattern);
    return error as T;
  }
  assert.fail(`expected ${type.name}`);
}
