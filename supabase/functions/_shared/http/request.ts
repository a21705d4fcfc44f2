/**
 * The common front door of the browser-called functions (the AI text
 * functions and the WordPress ones): POST only, a signed-in caller, a
 * bounded JSON body valid for a zod schema. Validation failures answer 400
 * `{ error: "<field>: <message>", issues }`, with `field` too when asked.
 */
import type { z } from "zod";
import { errorResponse, readJsonBody } from "./responses.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";

export type Authenticate = (req: Request) => Promise<{ id: string }>;

export type AcceptedRequest<T> = { ok: true; userId: string; input: T } | { ok: false; response: Response };

/**
 * POST only (405 with `Allow`), a signed-in caller (401, before the body is
 * read), a JSON body of at most `maxBytes` (413/400), and input valid by
 * `schema` (400 naming the first issue's field, every issue listed; with
 * `withField` the field is also given as `field`). OPTIONS is answered by
 * the caller before this; other authentication failures are thrown.
 */
export async function acceptJsonRequest<Schema extends z.ZodType>(
  req: Request,
  authenticate: Authenticate,
  schema: Schema,
  maxBytes: number,
  { withField = false }: { withField?: boolean } = {},
): Promise<AcceptedRequest<z.output<Schema>>> {
  if (req.method !== "POST") {
    const response = errorResponse(405, "Method not allowed");
    response.headers.set("Allow", "POST, OPTIONS");
    return { ok: false, response };
  }
  let userId: string;
  try {
    userId = (await authenticate(req)).id;
  } catch (error) {
    if (error instanceof UnauthenticatedError) return { ok: false, response: errorResponse(401, error.message) };
    throw error;
  }
  const body = await readJsonBody(req, maxBytes);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
    const [first] = issues;
    const field = first.path.join(".");
    return {
      ok: false,
      response: errorResponse(400, field ? `${field}: ${first.message}` : first.message, {
        ...(withField && field ? { field } : {}),
        issues,
      }),
    };
  }
  return { ok: true, userId, input: parsed.data };
}
