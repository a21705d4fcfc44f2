import { describe, expect, it, vi } from "vitest";
import { confirmSession } from "./authClient";
import { createSessionCheckedFetch } from "./sessionFetch";
import { supabasePublishableKey } from "./supabaseConfig";

vi.mock("./authClient", () => ({ confirmSession: vi.fn() }));

const FUNCTION_URL = "http://127.0.0.1:5173/functions/v1/keywords";
const withBearer = (token: string): RequestInit => ({ method: "POST", headers: { Authorization: `Bearer ${token}` } });
const unauthorized = () => new Response(JSON.stringify({ error: "User not authenticated" }), { status: 401 });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("the data client's fetch", () => {
  it("has the auth server confirm the session after a 401 to the user's token, before handing the response back", async () => {
    const confirmation = deferred<"ended">();
    vi.mocked(confirmSession).mockReturnValue(confirmation.promise);
    const checkedFetch = createSessionCheckedFetch(async () => unauthorized());

    let settled = false;
    const pending = checkedFetch(FUNCTION_URL, withBearer("user-jwt")).then((response) => {
      settled = true;
      return response;
    });
    await vi.waitFor(() => expect(confirmSession).toHaveBeenCalledOnce());
    expect(settled).toBe(false);
    confirmation.resolve("ended");
    const response = await pending;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "User not authenticated" });
  });

  it("reads the token from a Request too (PostgREST's expired JWT)", async () => {
    vi.mocked(confirmSession).mockResolvedValue("ended");
    const expired = new Response(JSON.stringify({ code: "PGRST303", message: "JWT expired" }), { status: 401 });
    const checkedFetch = createSessionCheckedFetch(async () => expired);
    const request = new Request("http://127.0.0.1:5173/rest/v1/articles", withBearer("user-jwt"));
    expect((await checkedFetch(request)).status).toBe(401);
    expect(confirmSession).toHaveBeenCalledOnce();
  });

  it("shares one confirmation among 401s that arrive together", async () => {
    const confirmation = deferred<"valid">();
    vi.mocked(confirmSession).mockReturnValue(confirmation.promise);
    const checkedFetch = createSessionCheckedFetch(async () => unauthorized());
    const responses = Promise.all([1, 2, 3].map(() => checkedFetch(FUNCTION_URL, withBearer("user-jwt"))));
    await vi.waitFor(() => expect(confirmSession).toHaveBeenCalled());
    confirmation.resolve("valid");
    expect((await responses).map((response) => response.status)).toEqual([401, 401, 401]);
    expect(confirmSession).toHaveBeenCalledOnce();

    vi.mocked(confirmSession).mockResolvedValue("valid");
    await checkedFetch(FUNCTION_URL, withBearer("user-jwt"));
    expect(confirmSession).toHaveBeenCalledTimes(2);
  });

  it("hands the response back when the auth server cannot be asked", async () => {
    vi.mocked(confirmSession).mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    const checkedFetch = createSessionCheckedFetch(async () => unauthorized());
    expect((await checkedFetch(FUNCTION_URL, withBearer("user-jwt"))).status).toBe(401);
  });

  it.each([
    ["a success", new Response("{}", { status: 200 }), withBearer("user-jwt")],
    ["a 403 (RLS, a refused key)", new Response("{}", { status: 403 }), withBearer("user-jwt")],
    ["a 401 to the publishable key (signed out)", unauthorized(), withBearer(supabasePublishableKey)],
    ["a 401 without a bearer", unauthorized(), { method: "POST" }],
  ])("leaves %s alone", async (_name, response, init) => {
    const checkedFetch = createSessionCheckedFetch(async () => response);
    expect(await checkedFetch(FUNCTION_URL, init)).toBe(response);
    expect(confirmSession).not.toHaveBeenCalled();
  });
});
