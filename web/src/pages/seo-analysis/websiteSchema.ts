import * as z from "zod/mini";
import { WEBSITE_URL_MAX_LENGTH } from "../../../../supabase/functions/_shared/schemas/seo";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The Website URL form; the `seo-analysis` function checks the same rules. */
export const websiteSchema = z.object({
  url: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "Please enter a website URL", abort: true }),
      z.maxLength(WEBSITE_URL_MAX_LENGTH, { error: "Please enter a valid URL", abort: true }),
      z.refine(isHttpUrl, "Please enter a valid URL"),
    ),
});
