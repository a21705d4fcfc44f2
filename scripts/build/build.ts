import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * `npm start` builds the app only when what the build reads changed since
 * the build in `outDir`: a hash of those inputs is kept beside the build
 * (`<outDir>/.inkpress-build.json`, a dot-file the app server never serves).
 * The inputs are every file under web/ (sources, index.html, public/) except
 * tests, every other source file the last build bundled (Vite reports them:
 * the shared zod schemas, …), the build's configuration and lock file, the
 * .env files Vite reads, and the VITE_ variables it is given.
 */

const STAMP_FILE = ".inkpress-build.json";
const CONFIG_FILES = [
  "vite.config.ts",
  "scripts/devstack/app-server/security-headers.ts",
  "scripts/build/prerender/sign-in-snapshot.ts",
  "scripts/build/prerender/sign-in-reveal.js",
  "scripts/build/prerender/critical-css.ts",
  "package-lock.json",
  "tsconfig.json",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];

type Stamp = { inputsHash: string; bundledSources: string[] };

function isTest(path: string): boolean {
  return path.startsWith("web/test/") || /\.test\.[cm]?[jt]sx?$/.test(path);
}

function filesUnder(repo: string, dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile()) found.push(relative(repo, child));
    }
  };
  if (existsSync(join(repo, dir))) visit(join(repo, dir));
  return found.filter((path) => !isTest(path));
}

/** The hash of the build's inputs (the files above and `env`'s VITE_ variables). */
export function buildInputsHash(repo: string, bundledSources: string[], env: Record<string, string>): string {
  const files = [...new Set([...filesUnder(repo, "web"), ...bundledSources, ...CONFIG_FILES])].sort();
  const hash = createHash("sha256");
  for (const path of files) {
    const absolute = join(repo, path);
    const content = existsSync(absolute) && statSync(absolute).isFile() ? readFileSync(absolute) : null;
    hash.update(`${path}\0${content ? createHash("sha256").update(content).digest("hex") : "missing"}\n`);
  }
  for (const name of Object.keys(env).filter((name) => name.startsWith("VITE_")).sort()) {
    hash.update(`env ${name}=${env[name]}\n`);
  }
  return hash.digest("hex");
}

function readStamp(outDir: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(join(outDir, STAMP_FILE), "utf8")) as Stamp;
  } catch {
    return null;
  }
}

export type BuildResult = { built: false } | { built: true; seconds: number };

/**
 * Runs `vite build` into `outDir`, with `env` over this process's
 * environment, unless the stamp there matches the current inputs. Throws
 * with Vite's output when the build fails.
 */
export async function buildIfChanged(options: { repo: string; outDir: string; env: Record<string, string> }): Promise<BuildResult> {
  const repo = resolve(options.repo);
  const outDir = resolve(options.outDir);
  // Vite also reads VITE_ variables this process was given.
  const env = { ...Deno.env.toObject(), ...options.env };
  const stamp = readStamp(outDir);
  if (stamp && existsSync(join(outDir, "index.html")) && stamp.inputsHash === buildInputsHash(repo, stamp.bundledSources, env)) {
    return { built: false };
  }
  const started = performance.now();
  const sourcesFile = await Deno.makeTempFile({ prefix: "inkpress-build-sources-" });
  try {
    const { success, stdout, stderr } = await new Deno.Command(join(repo, "node_modules/.bin/vite"), {
      args: ["build", "--outDir", outDir, "--emptyOutDir"],
      cwd: repo,
      env: { ...env, INKPRESS_BUILD_INPUTS_FILE: sourcesFile },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!success) {
      const decoder = new TextDecoder();
      throw new Error(`The app's build failed:\n${decoder.decode(stdout)}${decoder.decode(stderr)}`);
    }
    const bundledSources = JSON.parse(readFileSync(sourcesFile, "utf8")) as string[];
    const next: Stamp = { inputsHash: buildInputsHash(repo, bundledSources, env), bundledSources };
    writeFileSync(join(outDir, STAMP_FILE), JSON.stringify(next, null, 2) + "\n");
    return { built: true, seconds: (performance.now() - started) / 1000 };
  } finally {
    await Deno.remove(sourcesFile).catch(() => {});
  }
}
