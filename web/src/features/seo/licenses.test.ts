/**
 * The libraries the SEO panel adds to the web bundle, and everything they
 * pull in, are under permissive licences (MIT, ISC, BSD): no GPL code ships
 * to the browser. yoastseo (GPL-3.0) is deliberately not used (docs/seo.md).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const PERMISSIVE = new Set(["MIT", "ISC", "BSD-2-Clause", "BSD-3-Clause", "0BSD"]);
const require = createRequire(import.meta.url);

function packageJsonOf(name: string, from: string): { path: string; json: Record<string, unknown> } {
  // Resolve the package's own package.json from the requiring package's folder.
  let folder = from;
  for (;;) {
    const candidate = join(folder, "node_modules", name, "package.json");
    try {
      return { path: candidate, json: JSON.parse(readFileSync(candidate, "utf8")) };
    } catch {
      const parent = dirname(folder);
      if (parent === folder) throw new Error(`${name} not found from ${from}`);
      folder = parent;
    }
  }
}

function licencesOf(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    const { path, json } = packageJsonOf(name, from);
    const key = `${name}@${json.version}`;
    if (found.has(key)) return;
    found.set(key, String(json.license));
    for (const dependency of Object.keys((json.dependencies as Record<string, string> | undefined) ?? {})) {
      visit(dependency, dirname(path));
    }
  };
  visit(root, dirname(require.resolve("../../../../package.json")));
  return found;
}

describe("the SEO panel's libraries", () => {
  it.each(["syllable", "franc-min"])("%s and its dependencies are MIT, ISC or BSD", (name) => {
    const licences = licencesOf(name);
    expect(licences.size).toBeGreaterThan(0);
    const others = [...licences].filter(([, licence]) => !PERMISSIVE.has(licence));
    expect(others).toEqual([]);
  });

  it("yoastseo is not a dependency", () => {
    const manifest = JSON.parse(readFileSync(require.resolve("../../../../package.json"), "utf8"));
    expect({ ...manifest.dependencies, ...manifest.devDependencies }).not.toHaveProperty("yoastseo");
  });
});
