/** Excel reads a UTF-8 file correctly only when it starts with a byte-order mark. */
const UTF8_BOM = "\uFEFF";
const RECORD_SEPARATOR = "\r\n";

/**
 * Spreadsheets evaluate a cell starting with one of these as a formula (and
 * tab / carriage return can hide such a start). Security: model-generated
 * text is untrusted, so such cells are prefixed with a single quote, which
 * makes spreadsheets show them as text (OWASP "CSV injection").
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
const NEEDS_QUOTING = /[",\r\n]/;

function escapeCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_TRIGGER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTING.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV: a UTF-8 BOM, CRLF after every record, fields quoted when needed. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(escapeCell).join(",") + RECORD_SEPARATOR).join("");
}

const MAX_FILE_NAME_PART = 80;

/**
 * Text made safe for a file name: lower case, whitespace runs as hyphens,
 * only letters, digits, hyphens and underscores kept; empty when nothing
 * usable remains.
 */
export function fileNamePart(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}_-]+/gu, "")
    .replace(/-{2,}/g, "-")
    .slice(0, MAX_FILE_NAME_PART)
    .replace(/^-+|-+$/g, "");
}

/** Saves `csv` (from `toCsv`) as a file download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
