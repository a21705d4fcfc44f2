import { describe, expect, it } from "vitest";
import { applyStepEvent, initialProgress, progressInterrupted, type StepProgress } from "./publishProgress";

const states = (steps: StepProgress[]) => Object.fromEntries(steps.map(({ id, state }) => [id, state]));

describe("publish progress", () => {
  it("waits for the server on every step, in the server's order; the post step named as expected", () => {
    const steps = initialProgress("create");
    expect(steps.map(({ label }) => label)).toEqual([
      "Resolving categories and tags",
      "Uploading featured image",
      "Uploading images in the article",
      "Creating the post",
      "Saving SEO fields",
      "Updating article status",
    ]);
    expect(steps.every(({ state }) => state === "pending")).toBe(true);
    expect(initialProgress("update")[3].label).toBe("Updating the post");
  });

  it("moves a step only on its own events", () => {
    let steps = initialProgress("create");
    steps = applyStepEvent(steps, { name: "terms", state: "started" });
    steps = applyStepEvent(steps, { name: "featured_image", state: "started" });
    expect(states(steps)).toMatchObject({ terms: "active", featured_image: "active", post: "pending" });
    steps = applyStepEvent(steps, { name: "featured_image", state: "done" });
    expect(states(steps)).toMatchObject({ terms: "active", featured_image: "done" });
  });

  it("says why a step was skipped or failed", () => {
    let steps = initialProgress("create");
    steps = applyStepEvent(steps, { name: "featured_image", state: "skipped", reason: "no_featured_image" });
    steps = applyStepEvent(steps, { name: "terms", state: "skipped", reason: "no_terms" });
    steps = applyStepEvent(steps, { name: "body_images", state: "skipped", reason: "no_body_images" });
    steps = applyStepEvent(steps, { name: "post", state: "started", action: "create" });
    steps = applyStepEvent(steps, { name: "post", state: "failed", detail: "WordPress answered 403: Sorry" });
    expect(steps.slice(0, 4)).toEqual([
      { id: "terms", label: "Resolving categories and tags", state: "skipped", note: "no categories or tags" },
      { id: "featured_image", label: "Uploading featured image", state: "skipped", note: "no featured image" },
      {
        id: "body_images",
        label: "Uploading images in the article",
        state: "skipped",
        note: "no images from this app in the article",
      },
      { id: "post", label: "Creating the post", state: "failed", note: "WordPress answered 403: Sorry" },
    ]);
  });

  it("names the post step by what the server does", () => {
    let steps = initialProgress("create");
    steps = applyStepEvent(steps, { name: "post", state: "started", action: "update" });
    expect(steps[3]).toMatchObject({ label: "Updating the post", state: "active" });
    steps = applyStepEvent(steps, { name: "post", state: "started", action: "create" });
    expect(steps[3]).toMatchObject({ label: "Creating the post", state: "active" });
    steps = applyStepEvent(steps, { name: "post", state: "done" });
    expect(steps[3]).toMatchObject({ label: "Creating the post", state: "done" });
  });

  it("marks what was running as unknown when the answer broke off", () => {
    let steps = initialProgress("create");
    steps = applyStepEvent(steps, { name: "terms", state: "done" });
    steps = applyStepEvent(steps, { name: "post", state: "started" });
    expect(states(progressInterrupted(steps))).toEqual({
      terms: "done",
      featured_image: "pending",
      body_images: "pending",
      post: "unknown",
      seo: "pending",
      article: "pending",
    });
  });
});
