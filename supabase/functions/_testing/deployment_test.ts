/**
 * What gets deployed is what is tested: every function's import graph stays
 * inside deployable code, its dependencies are the pinned versions the
 * tests ran against, and `supabase functions deploy --use-api` (the CLI of
 * package.json, pointed at a fake Management API that records the upload)
 * ships each function with its `_shared` files, the import map and the
 * right `verify_jwt`.
 */
import assert from "node:assert/strict";

const functionsDir = new URL("../", import.meta.url);
const repoRoot = new URL("../../", functionsDir);
const relative = (url: string) => url.slice(repoRoot.href.length);

/** The deployed functions: folders with an index.ts (as the CLI finds them). */
const functionNames = [...Deno.readDirSync(functionsDir)]
  .filter((entry) => entry.isDirectory && !entry.name.startsWith("_"))
  .filter((entry) => Deno.statSync(new URL(`${entry.name}/index.ts`, functionsDir)).isFile)
  .map((entry) => entry.name)
  .sort();

/** publish-scheduled and draft-batch-worker are called by pg_cron with an API key; everything else by a signed-in browser. */
const EXPECTED_VERIFY_JWT: Readonly<Record<string, boolean>> = {
  "ai-provider": true,
  "generate-article": true,
  "propose-outline": true,
  "section-image-prompts": true,
  "generate-image": true,
  "upload-image": true,
  keywords: true,
  "seo-analysis": true,
  "keyword-data": true,
  "wordpress-connect": true,
  "ghost-connect": true,
  "publish-article": true,
  "save-article": true,
  "sync-site-content": true,
  "delete-article": true,
  "edit-selection": true,
  "link-targets": true,
  "publish-scheduled": false,
  "draft-batches": true,
  "draft-batch-worker": false,
  "save-api-keys": true,
  "seal-secrets": false,
};

const readJson = async (url: URL) => JSON.parse(await Deno.readTextFile(url));
const importMap: { imports: Record<string, string> } = await readJson(new URL("import_map.json", functionsDir));

interface GraphModule {
  specifier: string;
  dependencies?: { specifier: string }[];
}

/** The module graph of one function as its own deno.json resolves it (as the deploy bundler does). */
async function functionGraph(name: string): Promise<GraphModule[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--config", `supabase/functions/${name}/deno.json`, `supabase/functions/${name}/index.ts`],
    cwd: repoRoot,
    env: { DENO_NO_PACKAGE_JSON: "1", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(output.success, `deno info ${name} failed:\n${new TextDecoder().decode(output.stderr)}`);
  return JSON.parse(new TextDecoder().decode(output.stdout)).modules;
}

const localFiles = (graph: GraphModule[]) =>
  graph.filter((module) => module.specifier.startsWith("file:")).map((module) => relative(module.specifier)).sort();

Deno.test("every function has a deno.json that references the shared import map and lock", async () => {
  assert.deepEqual(functionNames, Object.keys(EXPECTED_VERIFY_JWT).sort());
  for (const name of functionNames) {
    assert.deepEqual(await readJson(new URL(`${name}/deno.json`, functionsDir)), {
      importMap: "../import_map.json",
      lock: { path: "../deno.lock", frozen: true },
    }, name);
  }
});

Deno.test("no deployed function reaches a test, a test double or scripts/; bare imports come from the import map", async () => {
  for (const name of functionNames) {
    const graph = await functionGraph(name);
    const files = localFiles(graph);
    assert.ok(files.includes(`supabase/functions/${name}/index.ts`), name);
    for (const file of files) {
      assert.ok(file.startsWith("supabase/functions/"), `${name} reaches ${file}, outside supabase/functions`);
      assert.ok(!file.includes("/_testing/"), `${name} reaches the test double ${file}`);
      assert.ok(!/_test\.tsx?$/.test(file), `${name} reaches the test ${file}`);
    }
    for (const module of graph) {
      for (const { specifier } of module.dependencies ?? []) {
        if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
        assert.ok(
          specifier in importMap.imports || Object.keys(importMap.imports).some((key) =>
            key.endsWith("/") && specifier.startsWith(key)
          ),
          `${relative(module.specifier)} imports ${specifier}, which the import map does not pin`,
        );
      }
    }
  }
});

Deno.test("pinned versions: the import map matches package.json, the Deno lock matches package-lock.json", async () => {
  const packageJson = await readJson(new URL("package.json", repoRoot));
  const packageLock = await readJson(new URL("package-lock.json", repoRoot));
  const denoLock = await readJson(new URL("deno.lock", functionsDir));
  for (const [key, target] of Object.entries(importMap.imports)) {
    const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(target);
    assert.ok(match, `${key} → ${target} is an npm package at an exact version`);
    const [, name, version] = match;
    assert.equal(version, packageJson.dependencies[name], `${name}: import map ${version}, package.json`);
  }
  const lockedPackages = Object.keys(denoLock.npm);
  assert.ok(lockedPackages.length > 0);
  // npm may install a second version of a package nested under the one that needs it.
  const npmVersions = (name: string) =>
    Object.entries(packageLock.packages as Record<string, { version?: string }>)
      .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
      .map(([, entry]) => entry.version);
  for (const entry of lockedPackages) {
    const [, name, version] = /^((?:@[^/@]+\/)?[^/@]+)@([^_]+)/.exec(entry)!;
    assert.ok(
      npmVersions(name).includes(version),
      `${name}: deno.lock ${version}, package-lock.json ${npmVersions(name).join(", ") || "none"}`,
    );
  }
});

interface RecordedUpload {
  slug: string;
  metadata: { entrypoint_path: string; import_map_path: string; verify_jwt: boolean; name: string };
  files: Map<string, string>;
}

/** A Management API that records `POST /v1/projects/{ref}/functions/deploy` uploads. */
function startFakeManagementApi() {
  const uploads: RecordedUpload[] = [];
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    requests.push(`${req.method} ${url.pathname}`);
    if (req.method === "POST" && url.pathname.endsWith("/functions/deploy")) {
      const form = await req.formData();
      const files = new Map<string, string>();
      for (const file of form.getAll("file") as File[]) files.set(file.name, await file.text());
      const metadata = JSON.parse(String(form.get("metadata")));
      const slug = url.searchParams.get("slug") ?? "";
      uploads.push({ slug, metadata, files });
      return Response.json({
        id: crypto.randomUUID(),
        slug,
        name: slug,
        version: 1,
        status: "ACTIVE",
        verify_jwt: metadata.verify_jwt,
        entrypoint_path: metadata.entrypoint_path,
        import_map_path: metadata.import_map_path,
      }, { status: 201 });
    }
    await req.body?.cancel();
    if (req.method === "PUT" && url.pathname.endsWith("/functions")) return Response.json([]);
    return Response.json({ message: "Not found" }, { status: 404 });
  });
  return { uploads, requests, url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test("supabase functions deploy --use-api ships every function with its _shared files, import map and verify_jwt", async () => {
  const api = startFakeManagementApi();
  const home = await Deno.makeTempDir({ prefix: "deploy-test-home-" });
  try {
    const profile = `${home}/profile.json`;
    await Deno.writeTextFile(
      profile,
      JSON.stringify({
        name: "fake-management-api",
        api_url: api.url,
        project_host: "supabase.red",
        dashboard_url: `${api.url}/dashboard`,
        pooler_host: "supabase.red",
      }),
    );
    const output = await new Deno.Command(new URL("node_modules/.bin/supabase", repoRoot), {
      args: ["functions", "deploy", "--use-api", "--project-ref", "abcdefghijklmnopqrst", "--profile", profile],
      cwd: repoRoot,
      env: {
        HOME: home,
        SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}`,
        DO_NOT_TRACK: "1",
        NO_COLOR: "1",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const log = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
    assert.ok(output.success, log);

    assert.deepEqual(api.uploads.map((upload) => upload.slug).sort(), functionNames);
    for (const upload of api.uploads) {
      const name = upload.slug;
      assert.equal(upload.metadata.entrypoint_path, `supabase/functions/${name}/index.ts`);
      assert.equal(upload.metadata.import_map_path, `supabase/functions/${name}/deno.json`);
      assert.equal(upload.metadata.verify_jwt, EXPECTED_VERIFY_JWT[name], `${name} verify_jwt`);

      const uploaded = [...upload.files.keys()].sort();
      const expected = [
        ...localFiles(await functionGraph(name)),
        `supabase/functions/${name}/deno.json`,
        "supabase/functions/import_map.json",
      ].sort();
      assert.deepEqual(uploaded, expected, `${name}: the upload is exactly its module graph and import map`);
      assert.ok(uploaded.some((file) => file.startsWith("supabase/functions/_shared/")), name);
      // Type-only imports are part of the graph: the service client's generated schema ships too.
      assert.ok(uploaded.includes("supabase/functions/_shared/contracts/database.types.ts"), `${name} ships the Database type`);
      assert.deepEqual(
        JSON.parse(upload.files.get("supabase/functions/import_map.json")!),
        importMap,
        `${name} is bundled with the pinned versions`,
      );
    }
  } finally {
    await api.close();
    await Deno.remove(home, { recursive: true });
  }
});
