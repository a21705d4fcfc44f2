import assert from "node:assert/strict";
import { isAllowlistedHost, parsePrivateHostAllowlist } from "./host_allowlist.ts";

Deno.test("parsePrivateHostAllowlist keeps only host:port entries, normalised", () => {
  assert.deepEqual(
    parsePrivateHostAllowlist(" LocalHost:8080, [::1]:9000,bad, 127.0.0.1 ,127.0.0.1:80,, wp.test.:8443"),
    ["localhost:8080", "[::1]:9000", "127.0.0.1:80", "wp.test:8443"],
  );
  assert.deepEqual(parsePrivateHostAllowlist(undefined), []);
  assert.ok(isAllowlistedHost("http://127.0.0.1/x", ["127.0.0.1:80"]));
  assert.ok(isAllowlistedHost("https://wp.test:8443/", ["wp.test:8443"]));
  assert.ok(!isAllowlistedHost("https://wp.test/", ["wp.test:8443"]));
});
