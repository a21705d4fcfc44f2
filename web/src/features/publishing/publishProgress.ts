import { PUBLISH_STEPS, type PublishStep } from "@contracts/publishing";
import type {
  PostAction,
  PublishSkipReason,
  PublishStepEvent,
} from "@contracts/publish_events";

/**
 * The publish steps as the server reports them (see publish_events.ts):
 * waiting until the server names them; running, done, skipped (with why) or
 * failed (with why) as its events say; `unknown` when the answer broke off
 * while a step was running. Nothing here moves on a timer.
 */
export type StepState = "pending" | "active" | "done" | "skipped" | "failed" | "unknown";
export type StepProgress = { id: PublishStep; label: string; state: StepState; note?: string };

export const POST_LABELS: Readonly<Record<PostAction, string>> = {
  create: "Creating the post",
  update: "Updating the post",
};

export const SKIP_NOTES: Readonly<Record<PublishSkipReason, string>> = {
  no_featured_image: "no featured image",
  featured_image_on_site: "already on the site",
  no_body_images: "no images from this app in the article",
  body_images_on_site: "already on the site",
  no_terms: "no categories or tags",
  no_seo_fields: "no meta description or focus keyword",
  no_seo_plugin: "no SEO plugin on the site",
  tags_with_post: "created with the post",
  seo_with_post: "saved with the post",
};

/**
 * Every step waiting; the post step named as expected (an update when the
 * site already has this article's post) until the server says what it does.
 */
export function initialProgress(expectedPostAction: PostAction): StepProgress[] {
  return PUBLISH_STEPS.map(({ id, label }) => ({
    id,
    label: id === "post" ? POST_LABELS[expectedPostAction] : label,
    state: "pending",
  }));
}

const EVENT_STATES: Readonly<Record<PublishStepEvent["state"], StepState>> = {
  started: "active",
  done: "done",
  skipped: "skipped",
  failed: "failed",
};

/** The steps after one of the server's step events. */
export function applyStepEvent(steps: readonly StepProgress[], event: PublishStepEvent): StepProgress[] {
  return steps.map((step) => {
    if (step.id !== event.name) return step;
    const next: StepProgress = { id: step.id, label: step.label, state: EVENT_STATES[event.state] };
    if (event.name === "post" && event.action) next.label = POST_LABELS[event.action];
    if (event.state === "skipped" && event.reason) next.note = SKIP_NOTES[event.reason];
    if (event.state === "failed" && event.detail) next.note = event.detail;
    return next;
  });
}

/** The answer broke off: what was running has an unknown outcome. */
export function progressInterrupted(steps: readonly StepProgress[]): StepProgress[] {
  return steps.map((step) => (step.state === "active" ? { ...step, state: "unknown" } : step));
}
