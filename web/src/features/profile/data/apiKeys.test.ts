import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { getApiKeyStatus, saveApiKeys } from "./apiKeys";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

function rpcReturning(result: { data: unknown; error: { message: string } | null }) {
  const maybeSingle = vi.fn().mockResolvedValue(result);
  vi.mocked(supabase.rpc).mockReturnValue({ maybeSingle, then: (resolve: (value: unknown) => unknown) => Promise.resolve(result).then(resolve) } as never);
  return maybeSingle;
}

describe("getApiKeyStatus", () => {
  it("reads only the last four characters of each key", async () => {
    rpcReturning({
      data: { openai_key_last4: "abcd", falai_key_last4: null, updated_at: "2026-11-22 13:57:40.852+00" },
      error: null,
    });
    expect(await getApiKeyStatus()).toEqual({
      openaiKeyLast4: "abcd",
      falaiKeyLast4: null,
      updatedAt: new Date("2026-11-22T13:57:40.852Z"),
    });
    expect(supabase.rpc).toHaveBeenCalledWith("api_key_status");
  });

  it("reports nothing stored when the user has no row", async () => {
    rpcReturning({ data: null, error: null });
    expect(await getApiKeyStatus()).toEqual({ openaiKeyLast4: null, falaiKeyLast4: null, updatedAt: null });
  });

  it("throws on a backend error", async () => {
    rpcReturning({ data: null, error: { message: "JWT expired" } });
    await expect(getApiKeyStatus()).rejects.toThrow("JWT expired");
  });
});

describe("saveApiKeys", () => {
  it("sends the keys to save-api-keys (which seals them): a key to keep is left out, an empty string removes one", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { openaiKeyLast4: null, falaiKeyLast4: null }, error: null } as never);
    await saveApiKeys({ falaiKey: "" });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("save-api-keys", { body: { openaiKey: undefined, falaiKey: "" } });
    expect(JSON.stringify(vi.mocked(supabase.functions.invoke).mock.lastCall?.[1]?.body)).toBe('{"falaiKey":""}');
    await saveApiKeys({ openaiKey: "sk-FIXTURE-not-a-real-key-6789" });
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("save-api-keys", {
      body: { openaiKey: "sk-FIXTURE-not-a-real-key-6789", falaiKey: undefined },
    });
    expect(supabase.rpc).not.toHaveBeenCalledWith("save_api_keys", expect.anything());
  });

  it("throws the function's message, or the spec's when there is none", async () => {
    const refusal = new FunctionsHttpError(
      new Response(JSON.stringify({ error: "openaiKey: API key must be at least 8 characters" }), { status: 400 }),
    );
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: refusal } as never);
    await expect(saveApiKeys({ openaiKey: "x" })).rejects.toThrow("openaiKey: API key must be at least 8 characters");
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: new Error("offline") } as never);
    await expect(saveApiKeys({ openaiKey: "x" })).rejects.toThrow("Failed to save API keys");
  });
});
