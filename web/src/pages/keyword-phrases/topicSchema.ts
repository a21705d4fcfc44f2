import * as z from "zod/mini";
import { TOPIC_MAX_LENGTH } from "../../../../supabase/functions/_shared/schemas/keywords";

/** The Topic or Niche form; the `keywords` function checks the same rules. */
export const topicSchema = z.object({
  topic: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please enter a topic"),
      z.maxLength(TOPIC_MAX_LENGTH, `Keep the topic under ${TOPIC_MAX_LENGTH} characters`),
    ),
});
