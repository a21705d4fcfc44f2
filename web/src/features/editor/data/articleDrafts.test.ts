import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import {
  DraftAbortedError,
  GENERATE_CONTENT_FAILURE,
  streamArticleDraft,
  type GeneratedArticle,
} from "./articleDrafts";
import { readServerSentEvents, type ServerSentEvent } from "../../../backend/serverSentEvents";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const encoder = new TextEncoder();

/** A byte stream delivering exactly these chunks (strings are UTF-8 encoded). */
/** Bytes as a fetch body carries them. */
type Bytes = Uint8Array<ArrayBuffer>;

function streamOf(chunks: (string | Bytes)[]): ReadableStream<Bytes> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function eventsOf(chunks: (string | Bytes)[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

/** Splits text into pieces of `size` characters. */
function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}

describe("readServerSentEvents", () => {
  it("reads named events and their data", async () => {
    expect(await eventsOf(['event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n'])).toEqual([
      { event: "delta", data: '{"text":"Hi"}' },
      { event: "done", data: "{}" },
    ]);
  });

  it("gives the same events however the bytes are split, even inside a character", async () => {
    // LF, CRLF and CR line ends. (A CR as the stream's very last byte would be
    // held back, waiting for a possible LF: the functions end lines with LF.)
    const wire =
      'event: delta\ndata: {"text":"café 🚀"}\n\nevent: delta\r\ndata: {"text":"x"}\r\n\r\nevent: delta\rdata: 1\r\revent: done\ndata: {}\n\n';
    const expected = [
      { event: "delta", data: '{"text":"café 🚀"}' },
      { event: "delta", data: '{"text":"x"}' },
      { event: "delta", data: "1" },
      { event: "done", data: "{}" },
    ];
    const bytes = encoder.encode(wire);
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const chunks: Bytes[] = [];
      for (let index = 0; index < bytes.length; index += size) chunks.push(bytes.slice(index, index + size));
      expect(await eventsOf(chunks)).toEqual(expected);
    }
  });

  it("does not split a CRLF that falls between two chunks into two line ends", async () => {
    expect(await eventsOf(["event: a\r", "\ndata: 1\r", "\n\r", "\n"])).toEqual([{ event: "a", data: "1" }]);
  });

  it("joins several data lines, ignores comments, id and retry, and names unnamed events 'message'", async () => {
    const events = await eventsOf([": keep-alive\n\nid: 7\nretry: 1000\ndata: one\ndata:two\ndata\n\n"]);
    expect(events).toEqual([{ event: "message", data: "one\ntwo\n" }]);
  });

  it("drops events without data and an unfinished event at the end of the stream", async () => {
    expect(await eventsOf(["event: ping\n\nevent: delta\ndata: cut off"])).toEqual([]);
    expect(await eventsOf(["data: whole\n\ndata: cut", " off\n"])).toEqual([{ event: "message", data: "whole" }]);
  });

  it("cancels the byte stream when the reader stops early", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Bytes>({
      start(controller) {
        controller.enqueue(encoder.encode("data: first\n\ndata: second\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readServerSentEvents(stream)) {
      expect(event).toEqual({ event: "message", data: "first" });
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("skips a byte-order mark at the start", async () => {
    expect(await eventsOf(["\uFEFFdata: x\n\n"])).toEqual([{ event: "message", data: "x" }]);
  });
});

const ARTICLE: GeneratedArticle = {
  title: "Composting: A Practical Guide",
  content: '<p>Start "small".</p>\n<h2>Why</h2>',
  excerpt: "A guide.",
  category: "Guides",
  tags: "composting, how-to",
  meta_description: "Learn composting.",
  focus_keyword: "composting",
  slug: "composting-a-practical-guide",
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The wire text of a successful draft: the article's JSON in deltas of `size` characters, then done. */
function successWire(size: number): string {
  return piecesOf(JSON.stringify(ARTICLE), size)
    .map((text) => sse("delta", { text }))
    .concat(sse("done", ARTICLE))
    .join("");
}

function answerWith(body: ReadableStream<Uint8Array>) {
  vi.mocked(supabase.functions.invoke).mockResolvedValue({
    data: new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    error: null,
    response: undefined,
  } as never);
}

function failWith(error: Error) {
  vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error, response: undefined } as never);
}

const REQUEST = { idea: "composting", assistantId: "7d9f6a8e-2c1b-4e3a-9f0d-1a2b3c4d5e6f" };

function draft(signal = new AbortController().signal) {
  const progress: Partial<GeneratedArticle>[] = [];
  const result = streamArticleDraft(REQUEST, { signal, onProgress: (partial) => progress.push(partial) });
  return { result, progress };
}

describe("streamArticleDraft", () => {
  it("posts the request to generate-article with the abort signal", async () => {
    answerWith(streamOf([successWire(20)]));
    const signal = new AbortController().signal;
    await streamArticleDraft(REQUEST, { signal, onProgress: () => {} });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("generate-article", { body: REQUEST, signal });
  });

  it("reports the fields as they are written, then returns the validated article", async () => {
    answerWith(streamOf(piecesOf(successWire(9), 11)));
    const { result, progress } = draft();
    expect(await result).toEqual(ARTICLE);

    const withContent = progress.findIndex((partial) => partial.content);
    expect(withContent).toBeGreaterThan(-1);
    expect(progress[withContent].slug).toBeUndefined();
    const growingContent = progress.map((partial) => partial.content ?? "").filter(Boolean);
    expect(growingContent.length).toBeGreaterThan(3);
    for (let index = 1; index < growingContent.length; index++) {
      expect(growingContent[index].startsWith(growingContent[index - 1])).toBe(true);
    }
    expect(progress.at(-1)).toEqual(ARTICLE);
  });

  it("skips a malformed delta and still returns the article from done", async () => {
    answerWith(streamOf([sse("delta", { text: '{"title":"Comp' }), "event: delta\ndata: {not json\n\n", successWire(50)]));
    const { result, progress } = draft();
    expect(await result).toEqual(ARTICLE);
    expect(progress[0]).toEqual({ title: "Comp" });
  });

  it("fails with the server's message from an error event", async () => {
    answerWith(streamOf([sse("delta", { text: '{"title":"Comp' }), sse("error", { error: "Failed to parse response from OpenAI" })]));
    const { result, progress } = draft();
    await expect(result).rejects.toThrow("Failed to parse response from OpenAI");
    expect(progress).toEqual([{ title: "Comp" }]);
  });

  it("falls back to the spec's message for an unreadable error or done event", async () => {
    answerWith(streamOf(["event: error\ndata: oops\n\n"]));
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
    answerWith(streamOf([sse("done", { title: "Only a title" })]));
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
  });

  it("fails when the stream ends without done", async () => {
    answerWith(streamOf([sse("delta", { text: '{"title":"Comp' })]));
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
  });

  it("fails when the connection breaks while reading", async () => {
    answerWith(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(sse("delta", { text: "{" })));
          controller.error(new TypeError("network error"));
        },
      }),
    );
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
  });

  it("shows the function's JSON error message for a refused request", async () => {
    const response = new Response(JSON.stringify({ error: "Invalid OpenAI API key. Check it in Profile Settings." }), {
      status: 400,
      headers: { "Content-Type": "application/json" },
    });
    failWith(new FunctionsHttpError(response));
    await expect(draft().result).rejects.toThrow("Invalid OpenAI API key. Check it in Profile Settings.");

    const validation = new Response(JSON.stringify({ error: "Either article idea or existing article must be provided" }), {
      status: 400,
    });
    failWith(new FunctionsHttpError(validation));
    await expect(draft().result).rejects.toThrow("Either article idea or existing article must be provided");
  });

  it("falls back to the spec's message when the error has no readable body", async () => {
    failWith(new FunctionsHttpError(new Response("<html>Bad gateway</html>", { status: 502 })));
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
    failWith(new FunctionsFetchError(new TypeError("Failed to fetch")));
    await expect(draft().result).rejects.toThrow(GENERATE_CONTENT_FAILURE);
  });

  it("stops with DraftAbortedError when aborted while streaming", async () => {
    const controller = new AbortController();
    let streamController!: ReadableStreamDefaultController<Uint8Array>;
    answerWith(
      new ReadableStream({
        start(c) {
          streamController = c;
          c.enqueue(encoder.encode(sse("delta", { text: '{"title":"Co' })));
        },
      }),
    );
    const progress: Partial<GeneratedArticle>[] = [];
    const result = streamArticleDraft(REQUEST, {
      signal: controller.signal,
      onProgress: (partial) => {
        progress.push(partial);
        controller.abort();
        streamController.error(new DOMException("aborted", "AbortError"));
      },
    });
    await expect(result).rejects.toBeInstanceOf(DraftAbortedError);
    expect(progress).toEqual([{ title: "Co" }]);
  });

  it("stops with DraftAbortedError when aborted before the answer", async () => {
    const controller = new AbortController();
    vi.mocked(supabase.functions.invoke).mockImplementation(async () => {
      controller.abort();
      return { data: null, error: new FunctionsFetchError(new DOMException("aborted", "AbortError")), response: undefined };
    });
    const result = streamArticleDraft(REQUEST, { signal: controller.signal, onProgress: () => {} });
    await expect(result).rejects.toBeInstanceOf(DraftAbortedError);
  });
});
