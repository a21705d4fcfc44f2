/**
 * The body of `save-api-keys`: the user's provider keys, sealed by the
 * function before they are stored (they are never stored in plain text:
 * migration 20261204000400). Shared with the browser: imports nothing but zod.
 */
import { z } from "zod";

export const API_KEY_LENGTH = { min: 8, max: 512 } as const;

export const API_KEY_MESSAGES = {
  tooShort: `API key must be at least ${API_KEY_LENGTH.min} characters`,
  tooLong: `API key must be at most ${API_KEY_LENGTH.max} characters`,
  nothingToSave: "At least one API key must be provided",
  saved: "API keys saved successfully",
  failed: "Failed to save API keys",
} as const;

/** A key to store, `""` to remove the stored one; absent keeps it. */
const keyChange = z
  .string()
  .trim()
  .refine((key) => key === "" || key.length >= API_KEY_LENGTH.min, API_KEY_MESSAGES.tooShort)
  .refine((key) => key.length <= API_KEY_LENGTH.max, API_KEY_MESSAGES.tooLong)
  .optional();

export const saveApiKeysRequestSchema = z
  .object({ openaiKey: keyChange, falaiKey: keyChange })
  .refine((keys) => keys.openaiKey !== undefined || keys.falaiKey !== undefined, {
    message: API_KEY_MESSAGES.nothingToSave,
    path: ["openaiKey"],
  });
export type SaveApiKeysRequest = z.input<typeof saveApiKeysRequestSchema>;

/** 200 from `save-api-keys`: what the browser may know of the stored keys (never a key). */
export interface SaveApiKeysResult {
  openaiKeyLast4: string | null;
  falaiKeyLast4: string | null;
}
