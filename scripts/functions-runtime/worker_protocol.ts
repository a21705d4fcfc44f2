/**
 * How a function process tells the runtime where it listens: bootstrap.ts
 * prints this marker followed by the port as one stdout line. The runtime
 * swallows that line and forwards all other output as the function's logs.
 */
export const LISTENING_MARKER = "\u0000functions-runtime:listening:";
