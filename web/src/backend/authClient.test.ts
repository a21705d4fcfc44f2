import { afterEach, describe, expect, it, vi } from "vitest";
import { authStorageKey } from "./supabaseConfig";

/**
 * confirmSession with supabase-js's real auth client; only the network is
 * played here, with the auth server's answers (GoTrue's error bodies).
 */

const user = { id: "6f1f3a4e-1c2b-4d5e-8f90-0a1b2c3d4e5f", aud: "authenticated", role: "authenticated", email: "ada@example.com" };

function storeSession() {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const session = { access_token: "user-jwt", refresh_token: "refresh", expires_in: 3600, expires_at: expiresAt, token_type: "bearer", user };
  window.localStorage.setItem(authStorageKey, JSON.stringify(session));
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Answer = (path: string) => Response | Promise<Response>;

/** A fresh auth client whose requests `answer` plays; records requests and auth events. */
async function authClientAnswering(answer: Answer) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const path = `${url.pathname}${url.search}`;
      requests.push(`${init?.method ?? "GET"} ${path}`);
      return answer(path);
    }),
  );
  vi.resetModules();
  const module = await import("./authClient");
  await module.authClient.initialize();
  const events: string[] = [];
  module.authClient.onAuthStateChange((event) => void events.push(event));
  loaded = module;
  return { ...module, requests, events };
}

let loaded: typeof import("./authClient") | undefined;

afterEach(async () => {
  await loaded?.authClient.stopAutoRefresh();
  loaded = undefined;
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("confirmSession", () => {
  it("is valid when the auth server knows the session", async () => {
    storeSession();
    const auth = await authClientAnswering(() => json(200, user));
    expect(await auth.confirmSession()).toBe("valid");
    expect(auth.requests).toEqual(["GET /auth/v1/user"]);
    expect(window.localStorage.getItem(authStorageKey)).not.toBeNull();
    expect(auth.events).not.toContain("SIGNED_OUT");
  });

  it.each([
    ["signed out on another device", 403, { code: 403, error_code: "session_not_found", msg: "Session from session_id claim in JWT does not exist" }],
    ["an invalid token", 401, { code: 401, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature" }],
    ["a deleted user", 403, { code: 403, error_code: "user_not_found", msg: "User from sub claim in JWT does not exist" }],
  ])("has ended when the auth server refuses it (%s): the session is removed and SIGNED_OUT emitted", async (_case, status, body) => {
    storeSession();
    const auth = await authClientAnswering((path) => (path === "/auth/v1/user" ? json(status, body) : json(204, {})));
    expect(await auth.confirmSession()).toBe("ended");
    expect(window.localStorage.getItem(authStorageKey)).toBeNull();
    await vi.waitFor(() => expect(auth.events).toContain("SIGNED_OUT"));
  });

  it("has ended when another tab removed the stored session", async () => {
    const auth = await authClientAnswering(() => json(500, {}));
    expect(await auth.confirmSession()).toBe("ended");
    expect(auth.requests).toEqual([]);
    await vi.waitFor(() => expect(auth.events).toContain("SIGNED_OUT"));
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["the auth server is unavailable", () => json(503, { msg: "unavailable" })],
    ["the auth server fails", () => json(500, { code: 500, error_code: "unexpected_failure", msg: "boom" })],
  ])("is unknown when %s, and the session is kept", async (_case, answer: Answer) => {
    storeSession();
    const auth = await authClientAnswering(answer);
    expect(await auth.confirmSession()).toBe("unknown");
    expect(window.localStorage.getItem(authStorageKey)).not.toBeNull();
    expect(auth.events).not.toContain("SIGNED_OUT");
  });
});
