/**
 * The step machinery every publisher shares (WordPress and Ghost alike): the
 * article as a publisher receives it, what exists remotely after a publish
 * (so a retry updates instead of duplicating), the error that names the step
 * that failed, and the reporter that tells a listener about each step as it
 * happens (see `_shared/contracts/publish_events.ts`). Platform-neutral: no
 * platform module is imported here.
 */
import type { PublishStep } from "../contracts/publishing.ts";
import type { PublishStepEvent } from "../contracts/publish_events.ts";
import { OutboundRequestError } from "../net/ssrf.ts";

export interface ArticleContent {
  title: string;
  content: string;
  excerpt: string;
  slug: string | null;
  categories: readonly string[];
  tags: readonly string[];
  featuredImageUrl: string | null;
  metaDescription: string | null;
  focusKeyword: string | null;
}

/** Remote objects that exist after a publish, complete or not (so a retry updates instead of duplicating). */
export interface RemoteState {
  remotePostId?: number;
  /** A Ghost site's post id (24 hex digits); WordPress's ids are remotePostId. */
  remotePostRef?: string;
  link?: string;
  /** The status WordPress stored for the post (a status name; anything else is left out). */
  remoteStatus?: string;
  featuredMediaId?: number;
  featuredMediaSourceUrl?: string;
}

/**
 * Exactly-once creates (migration 20261204000100_publication_claims.sql):
 * every post a publication creates carries its marker, and a create is
 * announced before it is sent. A publisher asks `mayExist()` before any
 * create: when true, an earlier attempt (one that crashed, or this one's own
 * earlier request) may have made the post already, so it looks for the
 * marker on the site and adopts what it finds instead of creating. Then it
 * calls `beforeCreate()`, which throws ClaimLostError when this publish no
 * longer holds its (article, site) claim: it must not create then.
 */
export interface RemoteCreateGuard {
  /** The publication's marker, a UUID; how each platform carries it is its own (see its post_marker.ts). */
  readonly marker: string;
  mayExist(): boolean;
  beforeCreate(): Promise<void>;
}

/** A guard for a publication whose marker is `marker`; `announce` records the create before it is sent. */
export function remoteCreateGuard(
  marker: string,
  earlierCreateMayExist: boolean,
  announce: () => Promise<void>,
): RemoteCreateGuard {
  let announced = false;
  return {
    marker,
    mayExist: () => earlierCreateMayExist || announced,
    async beforeCreate() {
      await announce();
      announced = true;
    },
  };
}

/** This publish lost its claim on the (article, site) pair: another publish holds it now. */
export class ClaimLostError extends Error {
  override name = "ClaimLostError";
  constructor() {
    super("Another publish of this article to this site took over; this one created nothing");
  }
}

/** A publish that stopped at `step`; `message` explains why in words a blogger can act on. */
export class PublishStepError extends Error {
  override name = "PublishStepError";
  constructor(readonly step: PublishStep, message: string, readonly remote: RemoteState = {}, options?: ErrorOptions) {
    super(message, options);
  }
}

export type PublishStepListener = (event: PublishStepEvent) => void;

/** A failed step in words a blogger can act on, for what is not particular to one platform. */
export function describeStepFailure(error: unknown): string {
  if (error instanceof OutboundRequestError) {
    switch (error.kind) {
      case "timeout":
        return "The site did not respond in time";
      case "redirect_on_write":
        return "The site answered with a redirect, which is never followed when writing. Reconnect the site with its current address.";
      case "forbidden_address":
        return "The site's address points to a private network, which is not allowed";
      case "too_large":
        return "The site's answer was too large";
      default:
        return "Could not connect to the site";
    }
  }
  if (error instanceof PublishStepError || error instanceof ClaimLostError) return error.message;
  return "Unexpected error";
}

/** Reports steps to the listener; `run` brackets a step with started and done, or failed. */
export interface StepReporter {
  started(name: PublishStep, action?: "create" | "update"): void;
  done(name: PublishStep): void;
  failed(name: PublishStep, detail: string): void;
  skipped(name: PublishStep, reason: NonNullable<PublishStepEvent["reason"]>): void;
  run<T>(name: PublishStep, work: () => Promise<T>): Promise<T>;
}

/**
 * A reporter for `listener`; a listener that throws never breaks the publish.
 * `describe` puts a failed step's error into words (each platform knows its own).
 */
export function stepReporter(
  listener: PublishStepListener | undefined,
  describe: (error: unknown) => string = describeStepFailure,
): StepReporter {
  const emit = (event: PublishStepEvent) => {
    try {
      listener?.(event);
    } catch (error) {
      console.error("publish step listener failed:", error instanceof Error ? error.message : String(error));
    }
  };
  const reporter: StepReporter = {
    started: (name, action) => emit({ name, state: "started", ...(action ? { action } : {}) }),
    done: (name) => emit({ name, state: "done" }),
    failed: (name, detail) => emit({ name, state: "failed", detail }),
    skipped: (name, reason) => emit({ name, state: "skipped", reason }),
    async run(name, work) {
      reporter.started(name);
      try {
        const value = await work();
        reporter.done(name);
        return value;
      } catch (error) {
        reporter.failed(name, describe(error));
        throw error;
      }
    },
  };
  return reporter;
}
