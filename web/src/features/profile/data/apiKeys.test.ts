import { describe, expect, it, vi } from "vitest";
import { getApiKeyStatus, saveApiKeys } from "./apiKeys";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { rpc: vi.fn() } }));

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
  it("leaves out a key to keep it (SQL default null) and sends an empty string to remove one", async () => {
    rpcReturning({ data: null, error: null });
    await saveApiKeys({ falaiKey: "" });
    expect(supabase.rpc).toHaveBeenCalledWith("save_api_keys", { openai_key: undefined, falai_key: "" });
    expect(JSON.stringify(vi.mocked(supabase.rpc).mock.lastCall?.[1])).toBe('{"falai_key":""}');
    await saveApiKeys({ openaiKey: "sk-FIXTURE-not-a-real-key-6789" });
    expect(supabase.rpc).toHaveBeenLastCalledWith("save_api_keys", { openai_key: "sk-FIXTURE-not-a-real-key-6789", falai_key: undefined });
  });

  it("throws on a backend error", async () => {
    rpcReturning({ data: null, error: { message: "violates check constraint" } });
    await expect(saveApiKeys({ openaiKey: "x" })).rejects.toThrow("violates check constraint");
  });
});
