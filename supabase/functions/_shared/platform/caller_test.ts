import assert from "node:assert/strict";
import { callerFactory, servePerCaller } from "./caller.ts";
import { UnauthenticatedError } from "./user_auth.ts";

const USER_ID = "7a1c0f52-4b8e-4d59-9c33-2f6d1e0a9b14";

/** A stand-in for the project's API: records each request, answers /auth/v1/user for the token "good". */
function project() {
  const seen: { path: string; apikey: string | null; authorization: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    const authorization = req.headers.get("authorization");
    seen.push({ path, apikey: req.headers.get("apikey"), authorization });
    if (path === "/auth/v1/user") {
      return authorization === "Bearer good"
        ? Response.json({ id: USER_ID, aud: "authenticated", role: "authenticated", email: "a@example.test" })
        : Response.json({ code: 403, error_code: "bad_jwt", msg: "invalid JWT" }, { status: 403 });
    }
    return Response.json([]);
  });
  const env = new Map([
    ["SUPABASE_URL", `http://127.0.0.1:${server.addr.port}`],
    ["SUPABASE_PUBLISHABLE_KEYS", '{"default":"sb_publishable_default"}'],
    ["SUPABASE_SECRET_KEYS", '{"default":"sb_secret_default-FIXTURE-not-a-real-key"}'],
    ["SUPABASE_ANON_KEY", "eyJ.anon.jwt"],
  ]);
  return { seen, env, close: () => server.shutdown() };
}

const request = (authorization?: string) =>
  new Request("https://ref.supabase.co/functions/v1/anything", {
    method: "POST",
    headers: authorization ? { Authorization: authorization } : {},
  });

Deno.test("a caller's client: the publishable key and the caller's own bearer, never a secret key", async () => {
  const api = project();
  try {
    const caller = callerFactory(api.env)(request("Bearer good"));
    assert.equal((await caller.authenticate()).id, USER_ID);
    const { error } = await caller.client.from("articles").select("id");
    assert.equal(error, null);
    assert.deepEqual(api.seen, [
      { path: "/auth/v1/user", apikey: "sb_publishable_default", authorization: "Bearer good" },
      { path: "/rest/v1/articles", apikey: "sb_publishable_default", authorization: "Bearer good" },
    ]);
  } finally {
    await api.close();
  }
});

Deno.test("authenticate: verified with the auth server once per request", async () => {
  const api = project();
  try {
    const caller = callerFactory(api.env)(request("Bearer good"));
    const [first, second] = await Promise.all([caller.authenticate(), caller.authenticate()]);
    assert.equal(first.id, USER_ID);
    assert.equal(second, first);
    assert.equal(api.seen.filter((entry) => entry.path === "/auth/v1/user").length, 1);
  } finally {
    await api.close();
  }
});

Deno.test("authenticate: no bearer, a malformed header or a token the auth server refuses is UnauthenticatedError", async () => {
  const api = project();
  try {
    const callers = callerFactory(api.env);
    for (const authorization of [undefined, "Basic abc", "Bearer ", "Bearer sb_publishable_default"]) {
      await assert.rejects(callers(request(authorization)).authenticate(), UnauthenticatedError, String(authorization));
    }
    // Only the well-formed bearer reached the auth server (and was refused there).
    assert.deepEqual(api.seen.map((entry) => entry.authorization), ["Bearer sb_publishable_default"]);
  } finally {
    await api.close();
  }
});

Deno.test("callerFactory: refuses to start without a URL or a publishable key (a secret key is no substitute)", () => {
  assert.throws(() => callerFactory(new Map()), /Missing environment variable SUPABASE_URL/);
  assert.throws(
    () =>
      callerFactory(new Map([["SUPABASE_URL", "http://127.0.0.1:1"], ["SUPABASE_SECRET_KEYS", '{"default":"sb_secret_x"}']])),
    /No publishable key configured/,
  );
});

Deno.test("servePerCaller: each request's handler gets dependencies built for that request's caller", async () => {
  const api = project();
  try {
    const built: string[] = [];
    const handler = servePerCaller(
      (deps: { whoAmI: () => Promise<string> }) => async () => new Response(await deps.whoAmI()),
      (caller) => {
        built.push("deps");
        return { whoAmI: async () => (await caller.authenticate()).id };
      },
      callerFactory(api.env),
    );
    assert.equal(await (await handler(request("Bearer good"))).text(), USER_ID);
    await assert.rejects(handler(request("Bearer bad")), UnauthenticatedError);
    assert.deepEqual(built, ["deps", "deps"]);
  } finally {
    await api.close();
  }
});
