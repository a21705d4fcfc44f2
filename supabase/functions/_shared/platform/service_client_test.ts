import assert from "node:assert/strict";
import { createServiceClient } from "./service_client.ts";

Deno.test("createServiceClient: talks to SUPABASE_URL with the preferred key of SUPABASE_SECRET_KEYS", async () => {
  const seen: (string | null)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    seen.push(req.headers.get("apikey"));
    return Response.json([]);
  });
  try {
    const client = createServiceClient(
      new Map([
        ["SUPABASE_URL", `http://127.0.0.1:${server.addr.port}`],
        ["SUPABASE_SECRET_KEYS", '{"other":"sb_secret_other","default":"sb_secret_default"}'],
        ["SUPABASE_SERVICE_ROLE_KEY", "eyJ.legacy.jwt"],
      ]),
    );
    const { error } = await client.from("articles").select("id");
    assert.equal(error, null);
    assert.deepEqual(seen, ["sb_secret_default"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("createServiceClient: refuses to start without a URL or a key", () => {
  assert.throws(() => createServiceClient(new Map()), /Missing environment variable SUPABASE_URL/);
  assert.throws(
    () => createServiceClient(new Map([["SUPABASE_URL", "http://127.0.0.1:1"]])),
    /No secret key configured/,
  );
});
