import { describe, expect, it } from "vitest";
import { progressAt, progressDone, progressFailed } from "./publishProgress";

const states = (steps: { id: string; state: string }[]) => Object.fromEntries(steps.map(({ id, state }) => [id, state]));

describe("publish progress", () => {
  it("starts with categories, tags and the featured image together", () => {
    expect(states(progressAt(0))).toEqual({
      terms: "active",
      featured_image: "active",
      post: "pending",
      seo: "pending",
      article: "pending",
    });
  });

  it("advances with the time elapsed", () => {
    expect(states(progressAt(2_500))).toEqual({
      terms: "done",
      featured_image: "done",
      post: "active",
      seo: "pending",
      article: "pending",
    });
    expect(states(progressAt(4_200)).seo).toBe("active");
  });

  it("keeps the last step active until the answer arrives", () => {
    expect(states(progressAt(60_000))).toEqual({
      terms: "done",
      featured_image: "done",
      post: "done",
      seo: "done",
      article: "active",
    });
  });

  it("labels the steps in the server's order", () => {
    expect(progressAt(0).map(({ label }) => label)).toEqual([
      "Resolving categories and tags",
      "Uploading featured image",
      "Creating the post",
      "Saving SEO fields",
      "Updating article status",
    ]);
  });

  it("marks every step done on success", () => {
    expect(progressDone("written").every(({ state }) => state === "done")).toBe(true);
    expect(states(progressDone("partial")).seo).toBe("done");
  });

  it("shows the SEO step skipped when no SEO field was stored", () => {
    for (const seo of ["none", "not_supported"] as const) {
      expect(states(progressDone(seo))).toEqual({
        terms: "done",
        featured_image: "done",
        post: "done",
        seo: "skipped",
        article: "done",
      });
    }
  });

  it("marks the step the server names as failed, earlier ones done", () => {
    expect(states(progressFailed(500, "post"))).toEqual({
      terms: "done",
      featured_image: "done",
      post: "failed",
      seo: "pending",
      article: "pending",
    });
  });

  it("without a named step, fails the steps that were running", () => {
    expect(states(progressFailed(2_500))).toEqual({
      terms: "done",
      featured_image: "done",
      post: "failed",
      seo: "pending",
      article: "pending",
    });
  });
});
