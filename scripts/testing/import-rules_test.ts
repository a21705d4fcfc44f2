/**
 * The import rules (import-rules.cjs) catch what they name: each case plants
 * a small tree with one import in a throwaway folder and runs
 * dependency-cruiser on it with the project's own configuration.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const config = join(repo, "scripts/testing/import-rules.cjs");
const depcruise = join(repo, "node_modules/.bin/depcruise");

type Tree = Record<string, string>;

async function cruise(tree: Tree): Promise<{ ok: boolean; output: string }> {
  const dir = await Deno.makeTempDir({ prefix: "import-rules-" });
  try {
    const files: Tree = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          allowImportingTsExtensions: true,
          jsx: "react-jsx",
          paths: { "@contracts/*": ["./supabase/functions/_shared/contracts/*"] },
        },
      }),
      ...tree,
    };
    for (const [path, text] of Object.entries(files)) {
      await Deno.mkdir(join(dir, dirname(path)), { recursive: true });
      await Deno.writeTextFile(join(dir, path), text);
    }
    const roots = ["web", "supabase", "scripts", "tests"].filter((root) => Object.keys(tree).some((p) => p.startsWith(`${root}/`)));
    const { success, stdout, stderr } = await new Deno.Command(depcruise, {
      args: ["--config", config, "--output-type", "err", ...roots],
      cwd: dir,
    }).output();
    return { ok: success, output: new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function assertRefused(rule: string, tree: Tree) {
  const { ok, output } = await cruise(tree);
  assert.equal(ok, false, `expected ${rule} to refuse:\n${output}`);
  assert.match(output, new RegExp(`error ${rule}:`), output);
}

async function assertAllowed(tree: Tree) {
  const { ok, output } = await cruise(tree);
  assert.equal(ok, true, output);
}

const feature = {
  "web/src/features/publishing/index.ts": 'export { publish } from "./data/publishing.ts";\n',
  "web/src/features/publishing/data/publishing.ts": "export const publish = 1;\n",
};

Deno.test("a feature reached through its index.ts is allowed", async () => {
  await assertAllowed({
    ...feature,
    "web/src/features/articles/ArticleCard.tsx": 'import { publish } from "../publishing/index.ts";\nexport const card = publish;\n',
  });
});

Deno.test("a feature's insides reached from another feature are refused", async () => {
  await assertRefused("features-only-through-index-between-features", {
    ...feature,
    "web/src/features/articles/ArticleCard.tsx":
      'import { publish } from "../publishing/data/publishing.ts";\nexport const card = publish;\n',
  });
});

Deno.test("a feature's insides reached from the shell are refused, its screens loaded lazily by the route table are not", async () => {
  await assertRefused("features-only-through-index", {
    ...feature,
    "web/src/app/AppShell.tsx": 'import { publish } from "../features/publishing/data/publishing.ts";\nexport const shell = publish;\n',
  });
  await assertAllowed({
    ...feature,
    "web/src/app/App.tsx": 'export const screen = () => import("../features/publishing/data/publishing.ts");\n',
  });
  await assertRefused("lazy-screens-only-from-the-route-table", {
    ...feature,
    "web/src/app/AppShell.tsx": 'export const screen = () => import("../features/publishing/data/publishing.ts");\n',
  });
});

Deno.test("ui, lib and backend know no feature", async () => {
  await assertRefused("shared-layers-know-no-feature", {
    ...feature,
    "web/src/ui/Button.tsx": 'import { publish } from "../features/publishing/index.ts";\nexport const b = publish;\n',
  });
});

Deno.test("only backend/ and a feature's data/ import the supabase client", async () => {
  const client = { "web/src/backend/supabase.ts": "export const supabase = {};\n" };
  await assertAllowed({
    ...client,
    "web/src/features/sites/data/sites.ts": 'import { supabase } from "../../../backend/supabase.ts";\nexport const s = supabase;\n',
  });
  await assertRefused("only-data-modules-call-supabase", {
    ...client,
    "web/src/features/sites/SitesPage.tsx": 'import { supabase } from "../../backend/supabase.ts";\nexport const s = supabase;\n',
  });
});

Deno.test("the web app imports the contracts from supabase/, nothing else", async () => {
  const shared = {
    "supabase/functions/_shared/contracts/sites.ts": "export const SITE = 1;\n",
    "supabase/functions/_shared/net/ssrf.ts": "export const guard = 1;\n",
  };
  await assertAllowed({ ...shared, "web/src/lib/x.ts": 'import { SITE } from "@contracts/sites.ts";\nexport const x = SITE;\n' });
  await assertRefused("web-imports-only-the-contracts", {
    ...shared,
    "web/src/lib/x.ts": 'import { guard } from "../../../supabase/functions/_shared/net/ssrf.ts";\nexport const x = guard;\n',
  });
});

Deno.test("a function never imports another function", async () => {
  await assertRefused("a-function-imports-no-other-function", {
    "supabase/functions/ghost-connect/site_store.ts": 'import { columns } from "../wordpress-connect/site_store.ts";\nexport const c = columns;\n',
    "supabase/functions/wordpress-connect/site_store.ts": "export const columns = 1;\n",
  });
});

Deno.test("deployed code never imports a test double or tooling; tests may", async () => {
  const fake = { "supabase/functions/_testing/fakes/openai_server.ts": "export const fake = 1;\n" };
  await assertRefused("deployed-code-imports-no-test-fake-or-tooling", {
    ...fake,
    "supabase/functions/keywords/handler.ts": 'import { fake } from "../_testing/fakes/openai_server.ts";\nexport const h = fake;\n',
  });
  await assertAllowed({
    ...fake,
    "supabase/functions/keywords/handler_test.ts": 'import { fake } from "../_testing/fakes/openai_server.ts";\nexport const h = fake;\n',
  });
});

Deno.test("a publishing platform never imports another platform", async () => {
  await assertRefused("platforms-import-no-other-platform", {
    "supabase/functions/_shared/publishing/wordpress/publish_post.ts": "export const step = 1;\n",
    "supabase/functions/_shared/publishing/ghost/publish_post.ts": 'import { step } from "../wordpress/publish_post.ts";\nexport const g = step;\n',
  });
});

Deno.test("cycles are refused", async () => {
  await assertRefused("no-cycles", {
    "supabase/functions/_shared/images/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
    "supabase/functions/_shared/images/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;\n',
  });
});
