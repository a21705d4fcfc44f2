import * as z from "zod/mini";

/** Matches the database check on stored keys. */
const MIN_KEY_LENGTH = 8;
const MAX_KEY_LENGTH = 512;

/** An empty input means "keep the stored key". */
const keyInput = z.string().check(
  z.trim(),
  z.refine((key) => key === "" || key.length >= MIN_KEY_LENGTH, `API key must be at least ${MIN_KEY_LENGTH} characters`),
  z.maxLength(MAX_KEY_LENGTH, `API key must be at most ${MAX_KEY_LENGTH} characters`),
);

export const apiKeysSchema = z
  .object({ openai_key: keyInput, falai_key: keyInput })
  .check(
    z.refine((keys) => keys.openai_key !== "" || keys.falai_key !== "", {
      message: "At least one API key must be provided",
      path: ["openai_key"],
    }),
  );
