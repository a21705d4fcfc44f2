import fs, { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import process from "node:process";
import { join } from "node:path";

const OWNER_ONLY_UMASK = 0o077;

/**
 * The local data (PGlite's files and WAL, storage objects, the keys in
 * local-keys.json) holds every user's stored keys and application passwords
 * in plain text, so only the owner may read it: folders 0700, files 0600.
 *
 * `makePrivate` creates `dir` if needed and fixes every folder and file
 * below it (data from before this rule, or copied in with looser modes);
 * symlinks are left alone (their modes mean nothing). `restrictNewFiles`
 * sets this process's umask so what it (and the processes it starts)
 * creates from now on is born private.
 */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  fixTree(dir);
}

function fixTree(path: string): void {
  const info = lstatSync(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) fixTree(join(path, entry));
  } else if ((info.mode & 0o777) !== 0o600) {
    chmodSync(path, 0o600);
  }
}

export function restrictNewFiles(): void {
  process.umask(OWNER_ONLY_UMASK);
  if ("Deno" in globalThis) applyUmaskToExplicitModes();
}

let explicitModesMasked = false;

/**
 * Node (like open(2)) applies the umask to the mode given to
 * `fs.writeFileSync(path, data, { mode })`; Deno's node:fs sets that mode
 * exactly (it chmods), so PGlite's data files, which Emscripten creates with
 * mode 0666 through that call, came out world-readable under Deno. Masks
 * the explicit mode as Node does, for this process.
 */
function applyUmaskToExplicitModes(): void {
  if (explicitModesMasked) return;
  explicitModesMasked = true;
  const writeFileSync = fs.writeFileSync;
  fs.writeFileSync = function (path, data, options) {
    if (options && typeof options === "object" && typeof options.mode === "number") {
      options = { ...options, mode: options.mode & ~OWNER_ONLY_UMASK };
    }
    return writeFileSync.call(fs, path, data, options);
  } as typeof fs.writeFileSync;
}

/** Paths below `dir` whose mode is not private (folders other than 0700, files other than 0600). */
export function looserThanPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} (${mode.toString(8)})`);
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (mode !== 0o600) {
      found.push(`${path} (${mode.toString(8)})`);
    }
  };
  visit(dir);
  return found;
}
