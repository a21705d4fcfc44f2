import { relative, sep } from "node:path";

export type SourceWatcher = { close(): Promise<void> };

/**
 * Watches `functionsDir` recursively and, once changes have been quiet for
 * `debounceMs`, calls `onChange` with the top-level entries that changed
 * (function folder names, `_shared`, `.env`, …). Editors write files in
 * bursts; debouncing turns a burst into one reload.
 */
export function watchFunctionSources(
  functionsDir: string,
  debounceMs: number,
  onChange: (topLevelEntries: Set<string>) => void,
): SourceWatcher {
  const watcher = Deno.watchFs(functionsDir, { recursive: true });
  let changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    const entries = changed;
    changed = new Set();
    timer = undefined;
    onChange(entries);
  };
  const loop = (async () => {
    for await (const event of watcher) {
      if (event.kind === "access") continue;
      for (const path of event.paths) {
        const entry = relative(functionsDir, path).split(sep)[0];
        if (entry && entry !== "..") changed.add(entry);
      }
      if (changed.size === 0) continue;
      clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    }
  })();
  return {
    async close() {
      watcher.close();
      await loop;
      clearTimeout(timer);
    },
  };
}
