import assert from "node:assert/strict";
import { buildArticleMessages, languageRequirement, settingsLines } from "./article_prompt.ts";

const textOf = (messages: ReturnType<typeof buildArticleMessages>) => messages.map((message) => String(message.content));

Deno.test("the prompt names the output language in the system message and last in the request", () => {
  const [system, user] = textOf(buildArticleMessages("You write about food.", { idea: "tapas in Madrid", locale: "es" }));
  const requirement = "Write the whole article in Spanish (es)";
  assert.ok(system.includes(requirement), system);
  assert.ok(user.trimEnd().endsWith(`${languageRequirement("es")}`), user);
  assert.ok(user.startsWith("Write an article based on this idea: tapas in Madrid"));
  assert.doesNotMatch(system, /language of the user's text/);
});

Deno.test("without a locale the prompt asks for English; the instructions stay in English", () => {
  const [system, user] = textOf(buildArticleMessages("", { idea: "Ramen", locale: undefined }));
  assert.ok(system.includes("Write the whole article in English (en)"));
  assert.ok(user.includes("Output language: Write the whole article in English (en)"));
  const [germanSystem] = textOf(buildArticleMessages("", { idea: "Brot", locale: "de" }));
  assert.ok(germanSystem.includes("Answer with one JSON object and nothing else"), "instructions in English");
  assert.ok(germanSystem.includes("German (de)"));
});

Deno.test("generation settings become instructions; none set, none sent", () => {
  assert.deepEqual(settingsLines(null), []);
  assert.deepEqual(settingsLines({ wordTarget: null, tone: null, pointOfView: null, elements: [] }), []);
  const lines = settingsLines({
    wordTarget: 1500,
    tone: "friendly",
    pointOfView: "second-person",
    elements: ["key-takeaways", "faq"],
  });
  assert.deepEqual(lines.slice(0, 3), [
    "Length: about 1500 words of article text.",
    "Tone: friendly and conversational.",
    "Point of view: second person (you) throughout.",
  ]);
  assert.match(lines[3], /^Include: a short Key takeaways list .*; an FAQ section/);
  const [system] = textOf(
    buildArticleMessages("", { idea: "x", settings: { wordTarget: 700, tone: null, pointOfView: null, elements: null } }),
  );
  assert.ok(system.includes("Length: about 700 words"));
});
