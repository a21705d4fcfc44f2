/**
 * One signal for a provider call that aborts when the caller disconnects or
 * when `timeoutMs` has passed, whichever comes first. The SDK's own timeout
 * applies per attempt and only until the response headers, so this is what
 * bounds retries and streaming. Call `dispose()` when the call is over.
 */
export class ProviderDeadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #callerSignal: AbortSignal;
  readonly #onCallerAbort = () => this.cancel();
  #timedOut = false;

  constructor(callerSignal: AbortSignal, timeoutMs: number) {
    this.#callerSignal = callerSignal;
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new DOMException("The provider call timed out", "TimeoutError"));
    }, timeoutMs);
    if (callerSignal.aborted) this.cancel();
    else callerSignal.addEventListener("abort", this.#onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** True when the call was stopped because nobody is waiting for it any more. */
  get cancelled(): boolean {
    return this.#controller.signal.aborted && !this.#timedOut;
  }

  /** Stops the provider call because the caller went away. */
  cancel(): void {
    this.#controller.abort(new DOMException("The caller went away", "AbortError"));
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#callerSignal.removeEventListener("abort", this.#onCallerAbort);
  }
}
