import { createClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it } from "vitest";
import { readSessionHint } from "./storedSession";
import { authStorageKey, authStorageKeyFor } from "./supabaseConfig";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const inSeconds = (seconds: number) => Math.floor(NOW / 1000) + seconds;

function storedSession(fields: Record<string, unknown> = {}) {
  return JSON.stringify({
    access_token: "access",
    refresh_token: "refresh",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: inSeconds(3600),
    user: { id: "user-1", email: "ada@example.com" },
    ...fields,
  });
}

function storageWith(value: string | null): Pick<Storage, "getItem"> {
  return { getItem: (key) => (key === authStorageKey ? value : null) };
}

const hint = (value: string | null, href = "http://127.0.0.1:5173/login") =>
  readSessionHint(storageWith(value), href, NOW);

describe("session hint from storage", () => {
  it("is signed-out without a stored session", () => {
    expect(hint(null)).toBe("signed-out");
    expect(hint("")).toBe("signed-out");
  });

  it("is signed-in with a stored session that is not about to expire", () => {
    expect(hint(storedSession())).toBe("signed-in");
  });

  it("leaves an expired or expiring session to the auth client, which refreshes it", () => {
    expect(hint(storedSession({ expires_at: inSeconds(-60) }))).toBe("unknown");
    expect(hint(storedSession({ expires_at: inSeconds(60) }))).toBe("unknown");
  });

  it("is signed-out for what the auth client would discard", () => {
    expect(hint("{not json")).toBe("signed-out");
    expect(hint("42")).toBe("signed-out");
    expect(hint("null")).toBe("signed-out");
    expect(hint(JSON.stringify({ access_token: "access", expires_at: inSeconds(3600) }))).toBe("signed-out");
  });

  it("leaves a sign-in callback in the address to the auth client", () => {
    const callbacks = [
      "http://127.0.0.1:5173/login#access_token=jwt&refresh_token=r&type=signup",
      "http://127.0.0.1:5173/reset-password#access_token=jwt&type=recovery",
      "http://127.0.0.1:5173/login#error=access_denied&error_description=Email+link+is+invalid",
      "http://127.0.0.1:5173/login?code=abc",
    ];
    for (const href of callbacks) expect(hint(null, href), href).toBe("unknown");
  });

  it("is unknown when storage cannot be read", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    expect(readSessionHint(blocked, "http://127.0.0.1:5173/login", NOW)).toBe("unknown");
  });
});

describe("storage key", () => {
  afterEach(() => window.localStorage.clear());

  it.each(["http://127.0.0.1:5173", "http://localhost:5173/", "https://abcdefghijklmnop.supabase.co", "https://api.example.com"])(
    "is the key supabase-js uses for %s",
    (url) => {
      // With accessToken the client builds no auth client of its own, but still derives the key.
      const client = createClient(url, "sb_publishable_unit_tests", { accessToken: async () => null });
      expect(authStorageKeyFor(url)).toBe((client as unknown as { storageKey: string }).storageKey);
    },
  );

  it("is where the app's auth client finds the session", async () => {
    window.localStorage.setItem(authStorageKey, storedSession({ expires_at: Math.floor(Date.now() / 1000) + 3600 }));
    expect(readSessionHint()).toBe("signed-in");
    const { authClient } = await import("./authClient");
    await authClient.stopAutoRefresh();
    const { data } = await authClient.getSession();
    expect(data.session?.access_token).toBe("access");
    expect(data.session?.user.email).toBe("ada@example.com");
  });
});
