import { FunctionsHttpError } from "@supabase/supabase-js";

/** What a function answered with an error status: its body text, and the body as a JSON object when it is one. */
export type FunctionErrorResponse = { text: string; body: Record<string, unknown> | null };

/**
 * Reads the response of a failed `supabase.functions.invoke` call. Null when
 * there is none (the request never reached the function, or was refused
 * before it). The response is cloned, so it can be read again.
 */
export async function readFunctionErrorResponse(error: unknown): Promise<FunctionErrorResponse | null> {
  if (!(error instanceof FunctionsHttpError) || !(error.context instanceof Response)) return null;
  const text = await error.context.clone().text().catch(() => "");
  try {
    const body: unknown = JSON.parse(text);
    return { text, body: body && typeof body === "object" ? (body as Record<string, unknown>) : null };
  } catch {
    return { text, body: null };
  }
}

/** The server's error body of a failed function call, or null when there is none. */
export async function readFunctionError(error: unknown): Promise<Record<string, unknown> | null> {
  return (await readFunctionErrorResponse(error))?.body ?? null;
}

/** The function's `{ "error": message }` when it sent a non-empty one, else `fallback`. */
export async function functionErrorMessage(error: unknown, fallback: string): Promise<string> {
  const body = await readFunctionError(error);
  return typeof body?.error === "string" && body.error ? body.error : fallback;
}

/** Where the user fixes what failed ("Profile Settings → AI models"), when the function said so. */
export type FixPlace = { href: string; label: string };

/**
 * A failed function call as the page shows it: the function's message (the
 * cause and the fix, for the AI functions) and, when it named one, the page
 * where it is fixed.
 */
export class RequestFailure extends Error {
  constructor(message: string, readonly fix?: FixPlace) {
    super(message);
    this.name = "RequestFailure";
  }
}

function fixOf(body: Record<string, unknown> | null): FixPlace | undefined {
  const fix = (body?.problem as { fix?: unknown } | undefined)?.fix as Record<string, unknown> | undefined;
  return typeof fix?.href === "string" && typeof fix.label === "string" && fix.href.startsWith("/")
    ? { href: fix.href, label: fix.label }
    : undefined;
}

/** The failure of a function call: its `{ error, problem? }` when it sent one, else `fallback`. */
export async function requestFailure(error: unknown, fallback: string): Promise<RequestFailure> {
  const body = await readFunctionError(error);
  const message = typeof body?.error === "string" && body.error ? body.error : fallback;
  return new RequestFailure(message, fixOf(body));
}

/** The fix of an error body already read (a stream's error event). */
export function failureFromBody(body: Record<string, unknown>, fallback: string): RequestFailure {
  const message = typeof body.error === "string" && body.error.trim() ? body.error : fallback;
  return new RequestFailure(message, fixOf(body));
}
