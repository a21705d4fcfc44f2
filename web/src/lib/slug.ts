import * as z from "zod/mini";
import { isValidSlug, SLUG_MESSAGE, tidySlug } from "@contracts/slug";

/**
 * The Slug field of an article form: tidied first ("My Post" → "my-post",
 * see tidySlug), then held to lowercase letters, numbers and single hyphens
 * ('Slug may contain only lowercase letters, numbers and hyphens'). With
 * `requiredMessage` an empty slug is refused with it (Create New Post);
 * without, an empty slug is allowed (Edit Article).
 */
export function slugField(requiredMessage?: string) {
  return z.string().check(
    z.overwrite(tidySlug),
    z.refine((slug: string) => slug !== "" || requiredMessage === undefined, {
      message: requiredMessage ?? "",
      abort: true,
    }),
    z.refine((slug: string) => slug === "" || isValidSlug(slug), SLUG_MESSAGE),
  );
}
