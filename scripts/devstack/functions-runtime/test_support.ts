/** Helpers shared by the functions runtime tests. */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RuntimeLogger } from "./function_process.ts";

export const FIXTURES_DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** A logger that records lines instead of printing them. */
export function recordingLogger(): RuntimeLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), error: (line) => lines.push(line) };
}

/** Copies the fixture functions into a fresh temp dir (so tests can add `.env` or edit sources). */
export async function copyFixtureFunctions(): Promise<{ root: string; functionsDir: string }> {
  const root = await Deno.makeTempDir({ prefix: "functions-runtime-test-" });
  const functionsDir = join(root, "functions");
  await copyDir(join(FIXTURES_DIR, "functions"), functionsDir);
  return { root, functionsDir };
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyDir(join(from, entry.name), join(to, entry.name));
    else await Deno.copyFile(join(from, entry.name), join(to, entry.name));
  }
}

/** Polls `probe` until it returns true or `timeoutMs` passes. */
export async function waitFor(probe: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs}ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
