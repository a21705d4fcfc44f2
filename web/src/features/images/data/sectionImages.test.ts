import { beforeEach, describe, expect, it, vi } from "vitest";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { supabase } from "../../../backend/supabase";
import type { GenerateImageResponse } from "@contracts/image";
import { illustrateSections, planSectionImages, type IllustrateDeps } from "./sectionImages";

vi.mock("../../../backend/supabase", () => ({ supabase: { functions: { invoke: vi.fn() } } }));

beforeEach(() => {
  vi.mocked(supabase.functions.invoke).mockReset();
});

const SECTIONS = [
  { heading: "Starter", text: "Feed it." },
  { heading: "Shaping", text: "Fold it." },
  { heading: "Baking", text: "Bake it." },
];
const PLANS = {
  style: "line-art" as const,
  images: SECTIONS.map((section) => ({ prompt: `A drawing of ${section.heading}`, alt: `${section.heading} drawn` })),
};
const stored = (url: string): GenerateImageResponse => ({
  images: [{ id: url, url, width: 1024, height: 576, createdAt: "2026-12-07T10:00:00Z" }],
  flagged: 0,
});

describe("planSectionImages", () => {
  it("asks section-image-prompts and checks one plan came back per section", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: PLANS, error: null } as never);
    expect(await planSectionImages({ sections: SECTIONS })).toEqual(PLANS);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("section-image-prompts", { body: { sections: SECTIONS }, signal: undefined });
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { ...PLANS, images: PLANS.images.slice(1) }, error: null } as never);
    await expect(planSectionImages({ sections: SECTIONS })).rejects.toThrow("Failed to plan the section images");
  });

  it("throws the function's own message with where it is fixed", async () => {
    const body = { error: "OpenAI API key not found", problem: { fix: { href: "/profile", label: "Profile Settings" } } };
    const error = new FunctionsHttpError(new Response(JSON.stringify(body), { status: 400 }));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(planSectionImages({ sections: SECTIONS })).rejects.toMatchObject({
      message: "OpenAI API key not found",
      fix: { href: "/profile", label: "Profile Settings" },
    });
  });
});

describe("illustrateSections", () => {
  it("asks for every image at once, in the plan's style and wide, before any has arrived", async () => {
    const pending: ((value: GenerateImageResponse) => void)[] = [];
    const deps: IllustrateDeps = {
      plan: vi.fn().mockResolvedValue(PLANS),
      generate: vi.fn(() => new Promise<GenerateImageResponse>((resolve) => pending.push(resolve))),
    };
    const result = illustrateSections({ sections: SECTIONS }, { deps });
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(vi.mocked(deps.generate).mock.calls.map(([input]) => input)).toEqual(
      PLANS.images.map((plan) => ({ prompt: plan.prompt, imageSize: "landscape_16_9", stylePreset: "line-art", numImages: 1 })),
    );
    pending.forEach((resolve, index) => resolve(stored(`https://storage.test/${index}.png`)));
    expect(await result).toEqual([
      { ok: true, url: "https://storage.test/0.png", alt: "Starter drawn" },
      { ok: true, url: "https://storage.test/1.png", alt: "Shaping drawn" },
      { ok: true, url: "https://storage.test/2.png", alt: "Baking drawn" },
    ]);
  });

  it("hands each outcome on as it arrives, before the slowest is done", async () => {
    const pending: ((value: GenerateImageResponse) => void)[] = [];
    const arrived: number[] = [];
    const deps: IllustrateDeps = {
      plan: vi.fn().mockResolvedValue(PLANS),
      generate: vi.fn(() => new Promise<GenerateImageResponse>((resolve) => pending.push(resolve))),
    };
    const result = illustrateSections({ sections: SECTIONS }, { deps, onResult: (index) => arrived.push(index) });
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending[2](stored("https://storage.test/2.png"));
    await vi.waitFor(() => expect(arrived).toEqual([2]));
    pending[0](stored("https://storage.test/0.png"));
    pending[1](stored("https://storage.test/1.png"));
    await result;
    expect(arrived).toEqual([2, 0, 1]);
  });

  it("keeps the images that were drawn when one fails, with that one's message", async () => {
    const deps: IllustrateDeps = {
      plan: vi.fn().mockResolvedValue(PLANS),
      generate: vi
        .fn()
        .mockResolvedValueOnce(stored("https://storage.test/0.png"))
        .mockRejectedValueOnce(new Error("Too many images: you can generate 30 every 10 minutes."))
        .mockResolvedValueOnce(stored("https://storage.test/2.png")),
    };
    const results = await illustrateSections({ sections: SECTIONS }, { deps });
    expect(results[1]).toEqual({ ok: false, message: "Too many images: you can generate 30 every 10 minutes." });
    expect(results.filter((result) => result.ok)).toHaveLength(2);
  });

  it("draws nothing when the plan fails", async () => {
    const deps: IllustrateDeps = { plan: vi.fn().mockRejectedValue(new Error("No credit")), generate: vi.fn() };
    await expect(illustrateSections({ sections: SECTIONS }, { deps })).rejects.toThrow("No credit");
    expect(deps.generate).not.toHaveBeenCalled();
  });
});
