import { beforeAll, describe, expect, it } from "vitest";
import { ok, pngBytes, serviceClient, signUp, type TestUser } from "./support";

/**
 * Requests of different users and services at the same moment, on the one
 * embedded database: a REST transaction runs under its own role and claims,
 * and what Auth reads meanwhile (as the database owner) never lands inside
 * it, nor does a refused request spoil another.
 */

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("concurrent-a"), signUp("concurrent-b")]);
  const rows = (user: TestUser, count: number) =>
    Array.from({ length: count }, (_, i) => ({ user_id: user.id, title: `${user.email} ${i}`, content: "<p>x</p>" }));
  ok(await serviceClient().from("articles").insert([...rows(alice, 3), ...rows(bob, 5)]));
});

type Outcome = { user: TestUser; error: string | null; owners: string[]; count: number } | null;

async function list(user: TestUser): Promise<Outcome> {
  const { data, error } = await user.client.rpc("list_articles", { page_size: 20 });
  const titles: string[] = (data ?? []).map((row: { title: string }) => row.title);
  const owners = [...new Set(titles.map((title) => title.split(" ")[0]))];
  return { user, error: error?.message ?? null, owners, count: data?.length ?? 0 };
}

async function readUser(user: TestUser): Promise<Outcome> {
  const { data, error } = await user.client.auth.getUser();
  return { user, error: error?.message ?? null, owners: data.user ? [data.user.email!] : [], count: -1 };
}

/** Refused by the title's check constraint: an error inside a transaction. */
async function refusedInsert(user: TestUser): Promise<Outcome> {
  await user.client.from("articles").insert({ user_id: user.id, title: "t".repeat(100_000), content: "" });
  return null;
}

/** An image stored with the secret key, as generate-image stores them: a Storage transaction that also writes a file. */
async function storeImage(user: TestUser, index: number): Promise<Outcome> {
  const path = `${user.id}/concurrent-${index}-${Date.now()}.png`;
  const { error } = await serviceClient().storage.from("images").upload(path, pngBytes(), { contentType: "image/png" });
  return { user, error: error?.message ?? null, owners: [user.email], count: -1 };
}

describe("concurrent requests", () => {
  it("keep their own role, claims and transaction while Auth and refused requests run alongside", async () => {
    const kinds = [list, readUser, refusedInsert, storeImage];
    const outcomes: Outcome[] = [];
    for (let round = 0; round < 8; round++) {
      outcomes.push(
        ...await Promise.all(Array.from({ length: 90 }, (_, i) => kinds[i % kinds.length](i % 2 ? alice : bob, i))),
      );
    }
    for (const outcome of outcomes) {
      if (!outcome) continue;
      expect(outcome, `a request of ${outcome.user.email}`).toMatchObject({
        error: null,
        owners: [outcome.user.email],
        count: outcome.count === -1 ? -1 : outcome.user === alice ? 3 : 5,
      });
    }
    // 720 requests through one embedded PGlite: a hang guard, not a time budget (a busy machine took over 60 s).
  }, 240_000);
});
