/**
 * Finding JSON values in text a model wrote. Imports nothing, so the
 * browser shares it too (contracts/article.ts reads streamed drafts with it).
 */

/**
 * The index after the bracket that closes the `[` or `{` at `start`,
 * skipping brackets inside strings; undefined when it is not closed (yet).
 */
export function endOfBalanced(text: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") depth++;
    else if (char === "]" || char === "}") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
}
