import {
  PUBLISH_STEPS,
  type PublishStep,
  type SeoResult,
} from "../../../../supabase/functions/_shared/schemas/wordpress";

export type StepState = "pending" | "active" | "done" | "skipped" | "failed";
export type StepProgress = { id: PublishStep; label: string; state: StepState };

/**
 * When each step is expected to start, in ms after the request was sent.
 * Publishing is one request, so the browser cannot see the server's steps:
 * the list advances on typical timings and the last step stays active until
 * the answer arrives. Categories/tags and the featured image run together.
 */
const EXPECTED_START_MS: Readonly<Record<PublishStep, number>> = {
  terms: 0,
  featured_image: 0,
  post: 2_000,
  seo: 4_000,
  article: 5_500,
};

export function progressAt(elapsedMs: number): StepProgress[] {
  const started = PUBLISH_STEPS.filter((step) => EXPECTED_START_MS[step.id] <= elapsedMs);
  const latestStart = Math.max(...started.map((step) => EXPECTED_START_MS[step.id]));
  return PUBLISH_STEPS.map(({ id, label }) => {
    const start = EXPECTED_START_MS[id];
    const state: StepState = start > elapsedMs ? "pending" : start === latestStart ? "active" : "done";
    return { id, label, state };
  });
}

/** After success: every step done, except the SEO step when no SEO field was stored. */
export function progressDone(seo: SeoResult): StepProgress[] {
  const seoSkipped = seo === "none" || seo === "not_supported";
  return PUBLISH_STEPS.map(({ id, label }) => ({ id, label, state: id === "seo" && seoSkipped ? "skipped" : "done" }));
}

/**
 * After a failure: the step the server names failed and the steps before it
 * are done; without a name, the steps that were active failed.
 */
export function progressFailed(elapsedMs: number, failedStep?: PublishStep): StepProgress[] {
  if (!failedStep) {
    return progressAt(elapsedMs).map((step) => (step.state === "active" ? { ...step, state: "failed" } : step));
  }
  const failedIndex = PUBLISH_STEPS.findIndex((step) => step.id === failedStep);
  return PUBLISH_STEPS.map(({ id, label }, index) => {
    const state: StepState = index < failedIndex ? "done" : index === failedIndex ? "failed" : "pending";
    return { id, label, state };
  });
}
