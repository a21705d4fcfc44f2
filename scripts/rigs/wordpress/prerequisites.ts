/**
 * Where the Debian packages put things, and a cheap check that they are there.
 * Installed by scripts/rigs/wordpress/install-packages.sh.
 */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

export const WORDPRESS_DIR = "/usr/share/wordpress";
export const MARIADB_SQL_DIR = "/usr/share/mysql";
export const DEFAULT_THEME = "twentytwentythree";

/** System table scripts fed to `mariadbd --bootstrap` (what mariadb-install-db runs, minus help tables and sys schema). */
export const MARIADB_BOOTSTRAP_SQL = [
  "mysql_system_tables.sql",
  "mysql_performance_tables.sql",
  "mysql_system_tables_data.sql",
];

/** Finds an executable on PATH, then in the sbin folders (not on a non-root user's PATH on Debian). */
export function findExecutable(name: string): string | undefined {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      const info = Deno.statSync(candidate);
      if (info.isFile && info.mode !== null && (info.mode & 0o111) !== 0) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export interface Prerequisites {
  php: string;
  mariadbd: string;
  setsid?: string;
}

/** What is missing for startWordPress(), as human-readable strings; empty when everything is there. */
export async function missingPrerequisites(): Promise<string[]> {
  const missing: string[] = [];
  if (!existsSync(join(WORDPRESS_DIR, "wp-settings.php"))) missing.push(`${WORDPRESS_DIR} (package wordpress)`);
  if (!existsSync(join(WORDPRESS_DIR, "wp-content/themes", DEFAULT_THEME))) {
    missing.push(`theme ${DEFAULT_THEME} (package wordpress-theme-twentytwentythree)`);
  }
  if (!findExecutable("mariadbd")) missing.push("mariadbd (package mariadb-server)");
  for (const file of MARIADB_BOOTSTRAP_SQL) {
    if (!existsSync(join(MARIADB_SQL_DIR, file))) missing.push(`${MARIADB_SQL_DIR}/${file} (package mariadb-server)`);
  }
  const php = findExecutable("php");
  if (!php) {
    missing.push("php (package php-cli)");
  } else {
    const extensions: Record<string, string> = {
      mysqli: "php-mysql",
      gd: "php-gd",
      curl: "php-curl",
      xml: "php-xml",
      mbstring: "php-mbstring",
    };
    const code = `foreach (${
      JSON.stringify(Object.keys(extensions))
    } as $e) if (!extension_loaded($e)) echo $e, "\\n";`;
    try {
      const out = await new Deno.Command(php, { args: ["-r", code], stdout: "piped", stderr: "null" }).output();
      if (!out.success) throw new Error(`php -r exited with ${out.code}`);
      for (const ext of new TextDecoder().decode(out.stdout).split("\n").filter(Boolean)) {
        missing.push(`PHP extension ${ext} (package ${extensions[ext] ?? `php-${ext}`})`);
      }
    } catch (error) {
      missing.push(`a working php (${(error as Error).message})`);
    }
  }
  return missing;
}

/** Resolves the executables, or throws with the list of what is missing and how to install it. */
export async function requirePrerequisites(): Promise<Prerequisites> {
  const missing = await missingPrerequisites();
  if (missing.length > 0) {
    throw new Error(
      `WordPress prerequisites missing: ${
        missing.join(", ")
      }. Install them with: bash scripts/rigs/wordpress/install-packages.sh`,
    );
  }
  return { php: findExecutable("php")!, mariadbd: findExecutable("mariadbd")!, setsid: findExecutable("setsid") };
}
