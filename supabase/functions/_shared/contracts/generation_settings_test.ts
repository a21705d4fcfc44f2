import assert from "node:assert/strict";
import {
  type GenerationSettings,
  generationSettingsSchema,
  GENERATION_SETTINGS_MESSAGES,
  mergeGenerationSettings,
} from "./generation_settings.ts";

Deno.test("generation settings: every field optional, each choice checked with a message that says what is wrong", () => {
  assert.deepEqual(generationSettingsSchema.parse({}), {});
  assert.deepEqual(
    generationSettingsSchema.parse({ wordTarget: 1200, tone: "friendly", pointOfView: "second-person", elements: ["faq"] }),
    { wordTarget: 1200, tone: "friendly", pointOfView: "second-person", elements: ["faq"] },
  );
  const messageOf = (input: unknown) => generationSettingsSchema.safeParse(input).error?.issues[0]?.message;
  assert.equal(messageOf({ wordTarget: 50 }), GENERATION_SETTINGS_MESSAGES.wordTarget);
  assert.equal(messageOf({ wordTarget: 9000 }), GENERATION_SETTINGS_MESSAGES.wordTarget);
  assert.equal(messageOf({ wordTarget: 1200.5 }), GENERATION_SETTINGS_MESSAGES.wordTarget);
  assert.equal(messageOf({ tone: "sarcastic" }), GENERATION_SETTINGS_MESSAGES.tone);
  assert.equal(messageOf({ pointOfView: "fourth" }), GENERATION_SETTINGS_MESSAGES.pointOfView);
  assert.equal(messageOf({ elements: ["faq", "poem"] }), GENERATION_SETTINGS_MESSAGES.elements);
  assert.ok(messageOf({ words: 1000 }), "an unknown key is refused");
});

Deno.test("mergeGenerationSettings: the override's settings win, the defaults fill the rest", () => {
  const defaults: GenerationSettings = { wordTarget: 800, tone: "professional", pointOfView: null, elements: ["faq", "table"] };
  assert.deepEqual(mergeGenerationSettings(defaults, { tone: "playful" }), {
    wordTarget: 800,
    tone: "playful",
    pointOfView: null,
    elements: ["table", "faq"],
  });
  assert.deepEqual(mergeGenerationSettings(defaults, { elements: [] }).elements, [], "[] overrides: none of them");
  assert.deepEqual(mergeGenerationSettings(null, undefined), { wordTarget: null, tone: null, pointOfView: null, elements: null });
});
