/**
 * How a function process talks to the runtime: bootstrap.ts prints one of
 * these markers as a stdout line of its own. The runtime swallows marker
 * lines and forwards all other output as the function's logs.
 */

/** Followed by the port: the function called Deno.serve and listens there. */
export const LISTENING_MARKER = "\u0000functions-runtime:listening:";

/**
 * The function's module threw while it was evaluated (its code ran and
 * failed), as opposed to a module graph that could not be loaded at all.
 */
export const EVALUATION_FAILED_MARKER = "\u0000functions-runtime:evaluation-failed";

/** The process is about to exit because its heap plus external memory passed the cap. */
export const MEMORY_LIMIT_MARKER = "\u0000functions-runtime:memory-limit";
