import * as z from "zod/mini";
import type { Assistant } from "./data/assistants";
import { NO_GENERATION_SETTINGS, settingsValuesOf, type GenerationSettingsValues } from "../../lib/generationSettings";

/** The database's limits on assistants. */
export const ASSISTANT_LIMITS = { name: 120, description: 500, instructions: 20_000, model: 200 } as const;

export const ASSISTANT_MESSAGES = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${ASSISTANT_LIMITS.name} characters`,
  descriptionTooLong: `Description must be at most ${ASSISTANT_LIMITS.description} characters`,
  instructionsTooLong: `Instructions must be at most ${ASSISTANT_LIMITS.instructions.toLocaleString("en-US")} characters`,
  modelTooLong: `Model must be at most ${ASSISTANT_LIMITS.model} characters`,
} as const;

export const assistantSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, ASSISTANT_MESSAGES.name),
    z.maxLength(ASSISTANT_LIMITS.name, ASSISTANT_MESSAGES.nameTooLong),
  ),
  description: z.string().check(z.trim(), z.maxLength(ASSISTANT_LIMITS.description, ASSISTANT_MESSAGES.descriptionTooLong)),
  instructions: z
    .string()
    .check(z.trim(), z.maxLength(ASSISTANT_LIMITS.instructions, ASSISTANT_MESSAGES.instructionsTooLong)),
  model: z.string().check(z.trim(), z.maxLength(ASSISTANT_LIMITS.model, ASSISTANT_MESSAGES.modelTooLong)),
  /** "" : not set. */
  locale: z.string(),
  /** "" : not set (the image screens' default style). */
  imageStyle: z.string(),
});

export type AssistantValues = {
  name: string;
  description: string;
  instructions: string;
  model: string;
  locale: string;
  imageStyle: string;
  /** Kept beside the form's fields (checked on save with checkSettingsValues). */
  settings: GenerationSettingsValues;
};

export const NEW_ASSISTANT: AssistantValues = {
  name: "",
  description: "",
  instructions: "",
  model: "",
  locale: "",
  imageStyle: "",
  settings: NO_GENERATION_SETTINGS,
};

export function assistantValuesOf(assistant: Assistant): AssistantValues {
  return {
    name: assistant.name,
    description: assistant.description,
    instructions: assistant.instructions,
    model: assistant.model ?? "",
    locale: assistant.locale ?? "",
    imageStyle: assistant.imageStyle ?? "",
    settings: settingsValuesOf(assistant.settings),
  };
}
