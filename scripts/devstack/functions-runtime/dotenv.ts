/**
 * Parses a `.env` file: `KEY=VALUE` lines, optional `export ` prefix, `#`
 * comment lines and trailing ` #` comments on unquoted values, values
 * optionally wrapped in single or double quotes (double quotes understand
 * \n, \r, \t, \" and \\). Lines that are not assignments are ignored.
 */
export function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = parseValue(match[2]);
  }
  return vars;
}

function parseValue(raw: string): string {
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.length > 1) {
    const end = raw.lastIndexOf(quote);
    if (end > 0) {
      const inner = raw.slice(1, end);
      return quote === "'" ? inner : inner.replace(/\\([nrt"\\])/g, (_, ch: string) => DOUBLE_QUOTE_ESCAPES[ch]);
    }
  }
  return raw.replace(/\s+#.*$/, "");
}

const DOUBLE_QUOTE_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

/** Reads and parses a `.env` file; a missing file yields no variables. */
export async function readDotenvFile(path: string): Promise<Record<string, string>> {
  try {
    return parseDotenv(await Deno.readTextFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw error;
  }
}
