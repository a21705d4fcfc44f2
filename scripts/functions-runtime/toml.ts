/**
 * A small TOML reader, sufficient for supabase/config.toml.
 *
 * Supported: comments, `[table]` and `[[array.of.tables]]` headers, bare /
 * quoted / dotted keys, basic ("…" with escapes) and literal ('…') strings,
 * integers, floats, booleans, arrays (may span lines) and inline tables.
 * Dates and times are kept as their raw text. Multi-line strings are not
 * supported: anything outside this subset throws a TomlError naming the line,
 * so a config we cannot read is reported rather than silently misread.
 */

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export type TomlTable = { [key: string]: TomlValue };

export class TomlError extends Error {
  constructor(message: string, line: number) {
    super(`TOML line ${line}: ${message}`);
    this.name = "TomlError";
  }
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };

export function parseToml(text: string): TomlTable {
  return new TomlParser(text).parseDocument();
}

class TomlParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): TomlTable {
    const root: TomlTable = {};
    let current = root;
    for (;;) {
      this.skipBlank(true);
      if (this.pos >= this.text.length) return root;
      if (this.peek() === "[") current = this.parseTableHeader(root);
      else this.parseKeyValue(current);
      this.expectLineEnd();
    }
  }

  private parseTableHeader(root: TomlTable): TomlTable {
    const isArrayTable = this.text.startsWith("[[", this.pos);
    this.pos += isArrayTable ? 2 : 1;
    const path = this.parseKeyPath();
    this.expect(isArrayTable ? "]]" : "]");
    const parent = this.descend(root, path.slice(0, -1));
    const last = path[path.length - 1];
    if (!isArrayTable) return this.descend(parent, [last]);
    const list = (parent[last] ??= []);
    if (!Array.isArray(list)) throw this.error(`"${last}" is not an array of tables`);
    const table: TomlTable = {};
    list.push(table);
    return table;
  }

  private parseKeyValue(table: TomlTable): void {
    const path = this.parseKeyPath();
    this.expect("=");
    const target = this.descend(table, path.slice(0, -1));
    const last = path[path.length - 1];
    if (last in target) throw this.error(`duplicate key "${last}"`);
    target[last] = this.parseValue();
  }

  /** Walks (creating as needed) nested tables; the last element of an array of tables counts as the table. */
  private descend(table: TomlTable, path: string[]): TomlTable {
    let node = table;
    for (const key of path) {
      let next = (node[key] ??= {});
      if (Array.isArray(next)) next = next[next.length - 1];
      if (typeof next !== "object" || next === null || Array.isArray(next)) throw this.error(`"${key}" is not a table`);
      node = next;
    }
    return node;
  }

  private parseKeyPath(): string[] {
    const path: string[] = [];
    do {
      this.skipBlank(false);
      path.push(this.parseKey());
      this.skipBlank(false);
    } while (this.consume("."));
    return path;
  }

  private parseKey(): string {
    const ch = this.peek();
    if (ch === '"') return this.parseBasicString();
    if (ch === "'") return this.parseLiteralString();
    const start = this.pos;
    while (this.pos < this.text.length && BARE_KEY.test(this.text[this.pos])) this.pos++;
    if (start === this.pos) throw this.error("expected a key");
    return this.text.slice(start, this.pos);
  }

  private parseValue(): TomlValue {
    this.skipBlank(false);
    const ch = this.peek();
    if (this.text.startsWith('"""', this.pos) || this.text.startsWith("'''", this.pos)) {
      throw this.error("multi-line strings are not supported");
    }
    if (ch === '"') return this.parseBasicString();
    if (ch === "'") return this.parseLiteralString();
    if (ch === "[") return this.parseArray();
    if (ch === "{") return this.parseInlineTable();
    return this.parseScalar();
  }

  private parseArray(): TomlValue[] {
    this.pos++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlank(true);
      if (this.consume("]")) return items;
      items.push(this.parseValue());
      this.skipBlank(true);
      if (this.consume("]")) return items;
      this.expect(",");
    }
  }

  private parseInlineTable(): TomlTable {
    this.pos++;
    const table: TomlTable = {};
    this.skipBlank(false);
    if (this.consume("}")) return table;
    for (;;) {
      this.parseKeyValue(table);
      this.skipBlank(false);
      if (this.consume("}")) return table;
      this.expect(",");
    }
  }

  private parseScalar(): string | number | boolean {
    const start = this.pos;
    while (this.pos < this.text.length && !/[\s,\]}#]/.test(this.text[this.pos])) this.pos++;
    const raw = this.text.slice(start, this.pos);
    if (raw === "true") return true;
    if (raw === "false") return false;
    if (/^[+-]?(\d[\d_]*)(\.\d[\d_]*)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw.replaceAll("_", ""));
    if (/^[+-]?(inf|nan)$/.test(raw)) return Number(raw.replace("inf", "Infinity").replace("nan", "NaN"));
    if (/^0x[0-9a-fA-F_]+$/.test(raw)) return parseInt(raw.slice(2).replaceAll("_", ""), 16);
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(raw)) return raw;
    throw this.error(raw ? `unsupported value "${raw}"` : "expected a value");
  }

  private parseBasicString(): string {
    this.pos++;
    let out = "";
    for (;;) {
      const ch = this.text[this.pos++];
      if (ch === undefined || ch === "\n") throw this.error("unterminated string");
      if (ch === '"') return out;
      if (ch !== "\\") {
        out += ch;
        continue;
      }
      const esc = this.text[this.pos++];
      if (esc in ESCAPES) out += ESCAPES[esc];
      else if (esc === "u" || esc === "U") {
        const length = esc === "u" ? 4 : 8;
        const hex = this.text.slice(this.pos, this.pos + length);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) throw this.error("bad unicode escape");
        out += String.fromCodePoint(parseInt(hex, 16));
        this.pos += length;
      } else throw this.error(`bad escape "\\${esc}"`);
    }
  }

  private parseLiteralString(): string {
    const end = this.text.indexOf("'", this.pos + 1);
    const newline = this.text.indexOf("\n", this.pos + 1);
    if (end === -1 || (newline !== -1 && newline < end)) throw this.error("unterminated string");
    const value = this.text.slice(this.pos + 1, end);
    this.pos = end + 1;
    return value;
  }

  /** Skips spaces, tabs and comments; newlines too when `acrossLines`. */
  private skipBlank(acrossLines: boolean): void {
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === " " || ch === "\t" || ch === "\r" || (acrossLines && ch === "\n")) this.pos++;
      else if (ch === "#") { while (this.pos < this.text.length && this.text[this.pos] !== "\n") this.pos++; }
      else return;
    }
  }

  private expectLineEnd(): void {
    this.skipBlank(false);
    if (this.pos < this.text.length && !this.consume("\n")) throw this.error("expected end of line");
  }

  private expect(token: string): void {
    this.skipBlank(false);
    if (!this.consume(token)) throw this.error(`expected "${token}"`);
  }

  private consume(token: string): boolean {
    if (!this.text.startsWith(token, this.pos)) return false;
    this.pos += token.length;
    return true;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private error(message: string): TomlError {
    const line = this.text.slice(0, this.pos).split("\n").length;
    return new TomlError(message, line);
  }
}
