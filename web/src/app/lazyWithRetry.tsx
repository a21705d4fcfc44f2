import { lazy, type ComponentType } from "react";

/** A screen's code could not be loaded (offline, or a new version was deployed and the old file is gone). */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** What browsers and Vite say when a dynamically imported module or its CSS cannot be loaded. */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && LOAD_FAILURE.test(error.message));
}

/** Resets every lazy component whose load failed, so the next render loads it again. */
const failedLoads = new Set<() => void>();

export function retryFailedLoads(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}

/**
 * React.lazy that can try again: React keeps a failed import failed for the
 * life of the page, so a Retry after the network came back would fail at
 * once. Here a failed load throws ChunkLoadError, and `retryFailedLoads()`
 * (the error boundary's Retry) gives the component a fresh React.lazy.
 */
export function lazyWithRetry<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  const loadOrFail = () =>
    load().catch((error: unknown) => {
      failedLoads.add(reset);
      throw new ChunkLoadError(error);
    });
  let Lazy = lazy(loadOrFail);
  const reset = () => {
    Lazy = lazy(loadOrFail);
  };
  return function LazyWithRetry(props: Props) {
    const Current = Lazy;
    return <Current {...props} />;
  };
}
