/**
 * section-image-prompts against the strict fake providers, with an
 * in-memory caller, provider and assistant lookup instead of the database.
 */
import assert from "node:assert/strict";
import { languageLabel } from "../_shared/contracts/locales.ts";
import {
  SECTION_IMAGES_MAX_SECTIONS,
  SECTION_IMAGES_MESSAGES,
  SECTION_TEXT_MAX_LENGTH,
  type SectionImagePrompts,
  sectionImagePromptsSchema,
} from "../_shared/contracts/section_images.ts";
import {
  ALICE,
  assistantLookup,
  type ChatRequest,
  type OwnedAssistant,
  type TextFunctionHarness,
  type TextFunctionHarnessOptions,
  withTextFunctionHarness,
} from "../_testing/text_function_harness.ts";
import { createHandler } from "./handler.ts";
import { parseSectionImages } from "./section_image_output.ts";

const BOB = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const ALICE_ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";
const ALICE_SPANISH_SKETCHER = "a0000000-0000-4000-8000-0000000000e5";
const BOB_ASSISTANT = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

const ASSISTANTS = new Map<string, OwnedAssistant>([
  [ALICE_ASSISTANT, { id: ALICE_ASSISTANT, name: "Travel", userId: ALICE, instructions: "", model: null }],
  [ALICE_SPANISH_SKETCHER, {
    id: ALICE_SPANISH_SKETCHER,
    name: "Bocetos",
    userId: ALICE,
    instructions: "",
    model: "gpt-6.2-sol",
    locale: "es",
    imageStyle: "line-art",
  }],
  [BOB_ASSISTANT, { id: BOB_ASSISTANT, name: "Bob's", userId: BOB, instructions: "", model: null, imageStyle: "origami" }],
]);

type Harness = TextFunctionHarness<Partial<SectionImagePrompts>>;

const withHarness = (options: TextFunctionHarnessOptions, test: (harness: Harness) => Promise<void>) =>
  withTextFunctionHarness(
    "section-image-prompts",
    (deps) =>
      createHandler({
        ...deps,
        findAssistant: assistantLookup(ASSISTANTS),
      }),
    options,
    test,
  );

const lastRequest = (harness: Harness) => harness.fake.requests.at(-1)!.body as ChatRequest;

const SECTIONS = [
  { heading: "Choosing a starter", text: "A lively starter doubles in four hours." },
  { heading: "Shaping the loaf", text: "Tension on the surface gives the crust its ear." },
];

Deno.test("plans one image per section, in order, with the user's drafting model and strict structured output", () =>
  withHarness({}, async (harness) => {
    const { status, body } = await harness.call({ title: "Sourdough at home", sections: SECTIONS });
    assert.equal(status, 200);
    assert.deepEqual(sectionImagePromptsSchema.parse(body), body);
    assert.equal(body.style, "photographic", "without an assistant, the image screens' default style");
    assert.deepEqual(body.images?.map((image) => image.alt), [
      "An illustration of choosing a starter",
      "An illustration of shaping the loaf",
    ]);
    assert.match(body.images![1].prompt, /shaping the loaf/);
    const request = lastRequest(harness);
    assert.equal(request.model, "gpt-6.1-terra", "the user's drafting model");
    assert.equal(request.response_format?.type, "json_schema");
    assert.equal(request.response_format?.json_schema.name, "section_images");
    assert.equal(request.response_format?.json_schema.strict, true);
    assert.ok(request.messages[0].content.includes(`Write every alt text in ${languageLabel("en")},`));
    assert.equal(
      request.messages[1].content,
      "Article title: Sourdough at home\n\n" +
        "Section 1: Choosing a starter\nA lively starter doubles in four hours.\n\n" +
        "Section 2: Shaping the loaf\nTension on the surface gives the crust its ear.",
    );
    assert.deepEqual(harness.logs, []);
  }));

Deno.test("the assistant's model, language and image style apply; the article's language wins", () =>
  withHarness({}, async (harness) => {
    let response = await harness.call({ sections: SECTIONS, assistantId: ALICE_SPANISH_SKETCHER });
    assert.equal(response.status, 200);
    assert.equal(response.body.style, "line-art");
    assert.equal(response.body.images?.[0].alt, "Una ilustración sobre choosing a starter");
    assert.equal(lastRequest(harness).model, "gpt-6.2-sol");
    assert.ok(lastRequest(harness).messages[0].content.includes(`alt text in ${languageLabel("es")},`));
    response = await harness.call({ sections: SECTIONS, assistantId: ALICE_SPANISH_SKETCHER, locale: "de" });
    assert.equal(response.body.images?.[0].alt, "Eine Illustration zu choosing a starter");
  }));

Deno.test("a section's text is cut to what the model needs to picture it", () =>
  withHarness({}, async (harness) => {
    const long = "word ".repeat(1_000);
    assert.equal((await harness.call({ sections: [{ heading: "Long", text: long }] })).status, 200);
    const user = lastRequest(harness).messages[1].content;
    assert.equal(user, `Section 1: Long\n${long.trim().slice(0, SECTION_TEXT_MAX_LENGTH)}`);
  }));

Deno.test("a provider without json_schema gets json_object and the plans are still read", () =>
  withHarness({ fake: { scenario: "no-json-schema" } }, async (harness) => {
    const { status, body } = await harness.call({ sections: SECTIONS });
    assert.equal(status, 200);
    assert.equal(body.images?.length, 2);
    assert.equal(lastRequest(harness).response_format?.type, "json_object");
  }));

Deno.test("input is checked with a 400 naming the field; another user's assistant is not found", () =>
  withHarness({}, async (harness) => {
    const tooMany = Array.from({ length: SECTION_IMAGES_MAX_SECTIONS + 1 }, (_, i) => ({ heading: `H${i}`, text: "" }));
    const cases: [unknown, string][] = [
      [{}, `sections: ${SECTION_IMAGES_MESSAGES.noSections}`],
      [{ sections: [] }, `sections: ${SECTION_IMAGES_MESSAGES.noSections}`],
      [{ sections: tooMany }, `sections: ${SECTION_IMAGES_MESSAGES.tooManySections}`],
      [{ sections: [{ heading: "  ", text: "x" }] }, `sections.0.heading: ${SECTION_IMAGES_MESSAGES.heading}`],
      [{ sections: SECTIONS, assistantId: "not-a-uuid" }, "assistantId: Choose one of your assistants"],
      [{ sections: SECTIONS, locale: "xx" }, "locale: Choose one of the languages offered"],
    ];
    for (const [body, message] of cases) {
      const response = await harness.call(body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(response.body.error, message);
    }
    const foreign = await harness.call({ sections: SECTIONS, assistantId: BOB_ASSISTANT });
    assert.deepEqual([foreign.status, foreign.body.error], [404, "Assistant not found"]);
    assert.equal(harness.fake.requests.length, 0);
  }));

Deno.test("a provider failure is the shared provider error with its problem", () =>
  withHarness({ fake: { scenario: "server-error" } }, async (harness) => {
    const { status, body } = await harness.call({ sections: SECTIONS });
    assert.equal(status, 502);
    assert.ok(body.problem, "a problem says what went wrong");
  }));

Deno.test("reading the answer: a bare list is read, long fields are cut, too few plans are refused rather than padded", () => {
  const answer = (content: string, truncated = false) => ({ content, truncated, format: "text" as const });
  const sections = [{ heading: "A", text: "" }, { heading: "B", text: "" }];
  const plans = parseSectionImages(
    answer(`[{"prompt": "a fox", "alt": "${"x".repeat(400)}"}, {"prompt": "a hen", "alt": "A hen"}, {"prompt": "extra", "alt": "e"}]`),
    sections,
  );
  assert.equal(plans.length, 2);
  assert.equal(plans[0].alt.length, 250);
  assert.ok(plans[0].alt.endsWith("…"));
  assert.throws(() => parseSectionImages(answer('{"images": [{"prompt": "a fox", "alt": "A fox"}]}'), sections), /planned 1 of 2/);
  assert.throws(
    () => parseSectionImages(answer('{"images": [{"prompt": "a fox", "alt": "A fox"}, {"prompt": "a h', true), sections),
    /cut off before every section/,
  );
  assert.throws(() => parseSectionImages(answer('{"images": [{"prompt": "", "alt": "A"}]}'), sections.slice(0, 1)), /planned 0 of 1/);
  // A blank entry among them is not skipped over: the plans after it would each land one section early.
  assert.throws(
    () => parseSectionImages(answer('[{"prompt": "", "alt": "A"}, {"prompt": "b", "alt": "B"}, {"prompt": "c", "alt": "C"}]'), sections),
    /planned 1 of 2/,
  );
});
