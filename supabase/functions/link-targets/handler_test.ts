import assert from "node:assert/strict";
import type { LinkTargetQuery, RankedLinkTargets } from "../_shared/links/link_targets.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { linkTargetsResultSchema } from "../_shared/contracts/site_content.ts";
import { createHandler } from "./handler.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const SITE = "50000000-0000-4000-8000-000000000001";

function harness(answer: RankedLinkTargets) {
  const asked: { userId: string; query: LinkTargetQuery }[] = [];
  const handler = createHandler({
    authenticate: (req) => {
      const user = req.headers.get("x-test-user");
      return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
    },
    rank: (userId, query) => {
      asked.push({ userId, query });
      return Promise.resolve(answer);
    },
  });
  const call = (body: unknown, user: string | null = ALICE) =>
    handler(
      new Request("http://localhost/functions/v1/link-targets", {
        method: "POST",
        headers: { "content-type": "application/json", ...(user ? { "x-test-user": user } : {}) },
        body: JSON.stringify(body),
      }),
    );
  return { asked, call };
}

Deno.test("link-targets: the caller's ranking, as the caller's relevance answered it", async () => {
  const answer: RankedLinkTargets = { targets: [], relevance: "full_text", fallback: "No OpenAI API key is saved, so links are ranked by full text." };
  const { asked, call } = harness(answer);
  const response = await call({ focus: "Worm bins", body: "<p>text</p>", siteIds: [SITE], limit: 12 });
  assert.equal(response.status, 200);
  assert.deepEqual(linkTargetsResultSchema.parse(await response.json()), answer);
  assert.deepEqual(asked, [{
    userId: ALICE,
    query: { focus: "Worm bins", body: "<p>text</p>", limit: 12, siteIds: [SITE], excludeArticleId: undefined },
  }]);
  // No sites named: all the user's sites; the limit defaults to the editor's 12.
  await call({ focus: "Worm bins", siteIds: [] });
  assert.deepEqual(asked[1].query, { focus: "Worm bins", body: "", limit: 12, siteIds: undefined, excludeArticleId: undefined });
});

Deno.test("link-targets: not signed in is 401, invalid input a 400 that says what is wrong", async () => {
  const { asked, call } = harness({ targets: [], relevance: "full_text" });
  assert.equal((await call({ focus: "x" }, null)).status, 401);
  const cases: [unknown, string][] = [
    [{ focus: "x", siteIds: ["nope"] }, "siteIds.0: Selected site not found"],
    [{ focus: "x", excludeArticleId: "nope" }, "excludeArticleId: Article not found"],
    [{ focus: "x".repeat(2_001) }, "focus: Title and focus keyword are too long"],
  ];
  for (const [body, error] of cases) {
    const response = await call(body);
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error, error);
  }
  assert.equal((await call({ focus: "x", limit: 0 })).status, 400);
  assert.equal(asked.length, 0);
});
