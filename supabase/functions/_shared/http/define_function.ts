/**
 * The one front door of every function. A function states what it accepts;
 * `defineFunction` enforces it in this order, each step before the next is
 * tried:
 *
 *   OPTIONS       → 200 CORS preflight (whatever the caller policy)
 *   wrong method  → 405 { error: "Method not allowed" } with `Allow`
 *   caller        → 401 / 403 before the body is read
 *   body          → 413 over `maxBytes`; raw bytes handed over as they
 *                   are (`bytes: true`), or 400 not JSON, 400 text PostgreSQL
 *                   cannot store (NUL, an unpaired surrogate:
 *                   storable_text.ts), 400 invalid for the schema:
 *                   { error: "<field>: <message>", field, issues }
 *   handle        → its response
 *   handle throws → 500 { error: failureMessage }, logged without secrets
 *
 * and every response, errors and streams included, carries the CORS
 * headers. The platform gateway adds none of its own.
 *
 *   export const createHandler = (deps: Deps) =>
 *     defineFunction({
 *       name: "keywords",
 *       caller: signedInUser(deps.authenticate),
 *       body: { schema: keywordsRequestSchema, maxBytes: 4 * 1024 },
 *       failureMessage: "Failed to generate keywords",
 *       handle: async ({ userId, input }) => json(await deps.suggest(userId, input.topic)),
 *     });
 */
import * as z from "zod/mini";
import { redactSecrets } from "../log/redact_secrets.ts";
import { checkSecretKey } from "../platform/secret_key_check.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";
import { preflightResponse, withCors } from "./cors.ts";
import { readBodyBytes, readJsonBody } from "./json_body.ts";
import { findUnstorableText, UNSTORABLE_MESSAGES } from "./storable_text.ts";
import { errorResponse } from "./responses.ts";

/** Verifies the signed-in user with the auth server; throws UnauthenticatedError when there is none. */
export type Authenticate = (req: Request) => Promise<{ id: string }>;

/** Who may call a function. */
export type CallerPolicy =
  | { kind: "user"; authenticate: Authenticate }
  | { kind: "scheduler"; secretKeys: readonly string[] }
  | { kind: "anyone" };

/** A signed-in user (401 'User not authenticated' otherwise); the handler gets `userId`. */
export const signedInUser = (authenticate: Authenticate) => ({ kind: "user", authenticate }) as const;

/**
 * The scheduler: one of the project's secret keys in `apikey` or as the
 * bearer (401 'Missing authorization' without credentials, 403 with others).
 */
export const scheduler = (secretKeys: readonly string[]) => ({ kind: "scheduler", secretKeys }) as const;

/** No check (the platform's verify_jwt may still apply). */
export const anyone = () => ({ kind: "anyone" }) as const;

/**
 * A JSON body valid for `schema`, at most `maxBytes` long; the raw bytes of
 * a body of at most `maxBytes` (413 with `tooLargeMessage`), for the
 * handler to check (an upload); or "ignored": the body is discarded unread.
 */
export type BodyPolicy<Schema extends z.core.$ZodType> =
  | { schema: Schema; maxBytes: number }
  | { bytes: true; maxBytes: number; tooLargeMessage?: string }
  | "ignored";

type InputOf<Body> = Body extends { schema: infer Schema extends z.core.$ZodType } ? z.output<Schema>
  : Body extends { bytes: true } ? Uint8Array<ArrayBuffer>
  : undefined;
type CallerOf<Caller extends CallerPolicy> = Caller extends { kind: "user" } ? { userId: string } : unknown;

/** What `handle` receives: the request, the validated input, and the user for `signedInUser` functions. */
export type Invocation<Caller extends CallerPolicy, Body> = { req: Request; input: InputOf<Body> } & CallerOf<Caller>;

export interface FunctionDefinition<Caller extends CallerPolicy, Body extends BodyPolicy<z.core.$ZodType>> {
  /** The function's name, in logs. */
  name: string;
  /** Methods served; default POST. OPTIONS is always answered. */
  methods?: readonly string[];
  caller: Caller;
  body: Body;
  /** The 500 message for anything `handle` throws (the error itself is only logged). */
  failureMessage: string;
  handle(invocation: Invocation<Caller, Body>): Promise<Response>;
}

// Bodies are checked with classic zod schemas and with zod/mini ones (those
// shared with the browser, where mini keeps the bundle small); mini brings no
// messages of its own, so the 400s read the same whichever checked them.
z.config(z.locales.en());

const METHOD_NOT_ALLOWED = "Method not allowed";
const MISSING_AUTHORIZATION = "Missing authorization";
const SCHEDULER_ONLY = "Only the scheduler may call this function";

/** 400 for a body that failed `schema`: the first issue names the field, every issue is listed. */
function validationErrorResponse(error: z.core.$ZodError): Response {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  const [first] = issues;
  const field = first.path.join(".");
  return errorResponse(400, field ? `${field}: ${first.message}` : first.message, {
    ...(field ? { field } : {}),
    issues,
  });
}

/** 400 for one field (its path in the body) with one message, shaped like a schema refusal. */
function fieldErrorResponse(path: string[], message: string): Response {
  const field = path.join(".");
  return errorResponse(400, field ? `${field}: ${message}` : message, {
    ...(field ? { field } : {}),
    issues: [{ path, message }],
  });
}

/** `{ userId }` for a permitted user, `{}` for another permitted caller, or the refusal. */
async function admit(req: Request, caller: CallerPolicy): Promise<{ userId?: string } | Response> {
  switch (caller.kind) {
    case "user":
      try {
        return { userId: (await caller.authenticate(req)).id };
      } catch (error) {
        if (error instanceof UnauthenticatedError) return errorResponse(401, error.message);
        throw error;
      }
    case "scheduler": {
      const access = checkSecretKey(req.headers, caller.secretKeys);
      if (access === "missing") return errorResponse(401, MISSING_AUTHORIZATION);
      if (access === "forbidden") return errorResponse(403, SCHEDULER_ONLY);
      return {};
    }
    case "anyone":
      return {};
  }
}

/** The request handler for `Deno.serve` that the definition describes. */
export function defineFunction<Caller extends CallerPolicy, Body extends BodyPolicy<z.core.$ZodType>>(
  definition: FunctionDefinition<Caller, Body>,
): (req: Request) => Promise<Response> {
  const methods = definition.methods ?? ["POST"];
  const allow = [...methods, "OPTIONS"].join(", ");

  const respond = async (req: Request): Promise<Response> => {
    if (!methods.includes(req.method)) {
      await req.body?.cancel();
      return errorResponse(405, METHOD_NOT_ALLOWED, undefined, { Allow: allow });
    }
    const admitted = await admit(req, definition.caller);
    if (admitted instanceof Response) {
      await req.body?.cancel();
      return admitted;
    }
    let input: unknown;
    const policy: BodyPolicy<z.core.$ZodType> = definition.body;
    if (policy === "ignored") {
      await req.body?.cancel();
    } else if ("bytes" in policy) {
      const body = await readBodyBytes(req, policy.maxBytes, policy.tooLargeMessage);
      if (!body.ok) return body.response;
      input = body.bytes;
    } else {
      const body = await readJsonBody(req, policy.maxBytes);
      if (!body.ok) return body.response;
      const unstorable = findUnstorableText(body.value);
      if (unstorable) return fieldErrorResponse(unstorable.path.map(String), UNSTORABLE_MESSAGES[unstorable.problem]);
      const parsed = z.safeParse(policy.schema, body.value);
      if (!parsed.success) return validationErrorResponse(parsed.error);
      input = parsed.data;
    }
    return await definition.handle({ req, input, ...admitted } as Invocation<Caller, Body>);
  };

  return async (req) => {
    if (req.method === "OPTIONS") return preflightResponse();
    try {
      return withCors(await respond(req));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[${definition.name}] unexpected failure: ${redactSecrets(message)}`);
      return withCors(errorResponse(500, definition.failureMessage));
    }
  };
}
