import { describe, expect, it } from "vitest";
import { featuredImageFormSchema, generatorDefaults, imageGeneratorFormSchema, imageSettingsDefaults } from "./imageForm";

type GeneratorValues = ReturnType<typeof generatorDefaults>;

function messagesFor(values: Partial<GeneratorValues>): Record<string, string> {
  const result = imageGeneratorFormSchema.safeParse({ ...generatorDefaults(), prompt: "A lighthouse", ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("image form defaults", () => {
  it("start from the spec's defaults", () => {
    expect(generatorDefaults()).toEqual({
      model: "fal-ai/fast-sdxl",
      recraftStyle: "realistic_image",
      prompt: "",
      imageSize: "square_hd",
      stylePreset: "photographic",
      negativePrompt: "blurry, low quality, distorted, watermark",
      numInferenceSteps: "30",
      guidanceScale: "7.5",
      numImages: "1",
    });
    expect(imageSettingsDefaults("An excerpt").prompt).toBe("An excerpt");
  });
});

describe("imageGeneratorFormSchema", () => {
  it("turns the form's text into the request", () => {
    const result = imageGeneratorFormSchema.parse({ ...generatorDefaults(), prompt: "  A lighthouse  ", numImages: "4" });
    expect(result).toEqual({
      model: "fal-ai/fast-sdxl",
      prompt: "A lighthouse",
      imageSize: "square_hd",
      stylePreset: "photographic",
      recraftStyle: null,
      negativePrompt: "blurry, low quality, distorted, watermark",
      numInferenceSteps: 30,
      guidanceScale: 7.5,
      numImages: 4,
    });
  });

  it("requires a prompt", () => {
    expect(messagesFor({ prompt: "" })).toEqual({ prompt: "Please enter a prompt" });
    expect(messagesFor({ prompt: "   " })).toEqual({ prompt: "Please enter a prompt" });
  });

  it.each(["0", "5", "1.5", "", "two"])("refuses %j images", (numImages) => {
    expect(messagesFor({ numImages })).toEqual({ numImages: "Number of images must be a whole number from 1 to 4" });
  });

  it.each(["1", "4"])("accepts %s images", (numImages) => {
    expect(messagesFor({ numImages })).toEqual({});
  });

  it.each(["0", "51", "30.5", ""])("refuses %j inference steps", (numInferenceSteps) => {
    expect(messagesFor({ numInferenceSteps })).toEqual({
      numInferenceSteps: "Inference steps must be a whole number from 1 to 50",
    });
  });

  it.each(["1", "50"])("accepts %s inference steps", (numInferenceSteps) => {
    expect(messagesFor({ numInferenceSteps })).toEqual({});
  });

  it.each(["0.9", "20.1", ""])("refuses a guidance scale of %j", (guidanceScale) => {
    expect(messagesFor({ guidanceScale })).toEqual({ guidanceScale: "Guidance scale must be from 1 to 20" });
  });

  it("accepts guidance scales only in steps of 0.1", () => {
    expect(messagesFor({ guidanceScale: "7.55" })).toEqual({ guidanceScale: "Guidance scale must be in steps of 0.1" });
    expect(messagesFor({ guidanceScale: "1" })).toEqual({});
    expect(messagesFor({ guidanceScale: "20" })).toEqual({});
    expect(imageGeneratorFormSchema.parse({ ...generatorDefaults(), prompt: "x", guidanceScale: "12.3" }).guidanceScale).toBe(12.3);
  });

  it("refuses sizes and styles the service does not know", () => {
    expect(Object.keys(messagesFor({ imageSize: "huge", stylePreset: "watercolour" }))).toEqual(["imageSize", "stylePreset"]);
  });

  it("takes the chosen model's own limits and drops what it does not take", () => {
    expect(messagesFor({ model: "fal-ai/flux/schnell", numInferenceSteps: "30" })).toEqual({
      numInferenceSteps: "Inference steps must be a whole number from 1 to 12",
    });
    const flux = imageGeneratorFormSchema.parse({ ...generatorDefaults(), prompt: "x", model: "fal-ai/flux-pro/v1.1", numInferenceSteps: "" });
    expect([flux.numInferenceSteps, flux.guidanceScale, flux.negativePrompt, flux.stylePreset]).toEqual([null, null, "", null]);
    expect(messagesFor({ model: "fal-ai/recraft/v3/text-to-image", numImages: "2" })).toEqual({
      numImages: "Recraft V3 makes one image per request",
    });
  });

  it("limits the prompt length", () => {
    expect(messagesFor({ prompt: "x".repeat(2001) })).toEqual({ prompt: "Prompt must be at most 2000 characters" });
  });
});

describe("featuredImageFormSchema", () => {
  it("always asks for one image", () => {
    expect(featuredImageFormSchema.parse(imageSettingsDefaults("An excerpt")).numImages).toBe(1);
  });

  it("requires the description and checks the same ranges", () => {
    const result = featuredImageFormSchema.safeParse({ ...imageSettingsDefaults(""), numInferenceSteps: "60", guidanceScale: "0" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["prompt", "Please enter a prompt"],
      ["numInferenceSteps", "Inference steps must be a whole number from 1 to 50"],
      ["guidanceScale", "Guidance scale must be from 1 to 20"],
    ]);
  });
});
