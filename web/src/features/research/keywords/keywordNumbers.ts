/**
 * The figures of a keyword as numbers, for sorting and for the CSV: models
 * write "24.4K", "1,200", "1.2M" or "$1.65" (providers of measured data send
 * numbers, which pass through). A range ("1K–5K") is read as its midpoint;
 * anything else unreadable is null (N/A), never a guess.
 */

const SUFFIX: Readonly<Record<string, number>> = { "": 1, k: 1_000, m: 1_000_000, b: 1_000_000_000 };
const AMOUNT = /^(\d+(?:\.\d+)?)\s*([kmb]?)\+?$/i;

function amount(text: string): number | null {
  const match = AMOUNT.exec(text.trim().replace(/,/g, ""));
  if (!match) return null;
  return Number(match[1]) * SUFFIX[match[2].toLowerCase()];
}

function readNumber(value: string | number | null | undefined, clean: (text: string) => string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = clean(value);
  const range = text.split(/\s*(?:-|–|—|to)\s*/);
  if (range.length === 2) {
    const [low, high] = range.map(amount);
    return low !== null && high !== null ? (low + high) / 2 : null;
  }
  return amount(text);
}

/** Monthly searches: "24.4K" → 24400, "1,200" → 1200. */
export function searchVolumeNumber(value: string | number | null | undefined): number | null {
  const volume = readNumber(value, (text) => text.replace(/\/\s*mo(nth)?$/i, "").replace(/^~/, ""));
  return volume === null ? null : Math.round(volume);
}

/** Cost per click in dollars: "$1.65" → 1.65 (to the cent). */
export function cpcNumber(value: string | number | null | undefined): number | null {
  const cpc = readNumber(value, (text) => text.replace(/\$|usd/gi, "").trim());
  return cpc === null ? null : Math.round(cpc * 100) / 100;
}
