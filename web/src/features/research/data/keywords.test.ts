import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KEYWORDS_FAILURE_MESSAGE, requestKeywords } from "./keywords";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const httpError = (status: number, body: string) => new FunctionsHttpError(new Response(body, { status }));
const ITEM = { keyword: "garden tips", searchVolume: "1.2K", difficulty: 35, cpc: "$0.80", competition: "medium" };

beforeEach(() => vi.mocked(supabase.functions.invoke).mockReset());

describe("requestKeywords", () => {
  it("posts the topic (and the language chosen) to the keywords function and returns the validated items and notes", async () => {
    const notes = ["The difficulty of 1 keyword could not be read; shown as N/A."];
    const unread = { ...ITEM, keyword: "compost", difficulty: null, competition: null };
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { keywords: [ITEM, unread], notes }, error: null } as never);
    expect(await requestKeywords("gardening")).toEqual({ keywords: [ITEM, unread], notes });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("keywords", { body: { topic: "gardening", locale: null } });
    await requestKeywords("jardinería", "es");
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("keywords", { body: { topic: "jardinería", locale: "es" } });
  });

  it("reads a response without notes as having none", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { keywords: [ITEM] }, error: null } as never);
    expect(await requestKeywords("gardening")).toEqual({ keywords: [ITEM], notes: [] });
  });

  it.each([
    ['{"error":"OpenAI API key not found"}', "OpenAI API key not found"],
    ['{"error":"Invalid OpenAI API key. Check it in Profile Settings."}', "Invalid OpenAI API key. Check it in Profile Settings."],
    ["<html>Bad gateway</html>", KEYWORDS_FAILURE_MESSAGE],
    ['{"error":""}', KEYWORDS_FAILURE_MESSAGE],
  ])("shows the server's message from %j", async (body, message) => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: httpError(400, body) } as never);
    await expect(requestKeywords("gardening")).rejects.toThrow(message);
  });

  it("shows the AI rate limit's 429 with when to try again", async () => {
    const message = "Too many AI requests: you can make 10 per minute. Try again in 42 seconds.";
    const error = httpError(429, JSON.stringify({ error: message, retryAfterSeconds: 42 }));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(requestKeywords("gardening")).rejects.toThrow(message);
  });

  it("falls back to the spec's message on a network failure", async () => {
    const error = new FunctionsFetchError(new Error("offline"));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(requestKeywords("gardening")).rejects.toThrow(KEYWORDS_FAILURE_MESSAGE);
  });

  it("refuses a response that does not match the schema", async () => {
    const data = { keywords: [{ ...ITEM, difficulty: 400 }] };
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data, error: null } as never);
    await expect(requestKeywords("gardening")).rejects.toThrow(KEYWORDS_FAILURE_MESSAGE);
  });
});
