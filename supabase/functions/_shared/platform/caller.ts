/**
 * Acting as the caller. A function called by a signed-in user reads and
 * writes what that user may read and write through a supabase-js client made
 * with the project's publishable key and the caller's own bearer token (the
 * Supabase edge-functions idiom): PostgREST runs its queries as
 * `authenticated` with `auth.uid()` = the caller, so the row-level security
 * and column grants of the migrations apply inside functions exactly as in
 * the browser. Another user's row is simply not there, whatever id a request
 * names. The secret key is for the system paths of system_access.ts only.
 *
 * A handler's dependencies are built per request for its caller
 * (`servePerCaller`); what does not depend on the caller (settings from the
 * environment, the system access) is built once, at boot, by the function's
 * `productionDependencies()`, so a bad setting still fails the boot.
 */
import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { type EnvReader, requirePublishableKey } from "./keys.ts";
import { bearerToken, UnauthenticatedError } from "./user_auth.ts";

/** A client acting as the caller: RLS applies to everything it does. */
export type CallerClient = SupabaseClient<Database>;

/** The signed-in caller of one request. */
export interface RequestCaller {
  /**
   * The user of the request's bearer token, verified with the auth server
   * (not just decoded) once per request; throws UnauthenticatedError.
   */
  authenticate(): Promise<User>;
  /** Acts as the caller. Used only after `authenticate` succeeded (defineFunction admits the caller first). */
  client: CallerClient;
}

/** Makes the RequestCaller of a request. */
export type CallerFactory = (req: Request) => RequestCaller;

/**
 * Caller clients for SUPABASE_URL with the publishable key. Reads the
 * environment at once and throws when either is missing, so the function
 * fails to boot, visibly.
 */
export function callerFactory(env: EnvReader = Deno.env): CallerFactory {
  const url = env.get("SUPABASE_URL");
  if (!url) throw new Error("Missing environment variable SUPABASE_URL");
  const publishableKey = requirePublishableKey(env);
  return (req) => {
    const token = bearerToken(req);
    const client = createClient<Database>(url, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
    });
    let verified: Promise<User> | undefined;
    return {
      client,
      authenticate() {
        verified ??= (async () => {
          if (!token) throw new UnauthenticatedError();
          const { data, error } = await client.auth.getUser(token);
          if (error || !data.user) throw new UnauthenticatedError();
          return data.user;
        })();
        return verified;
      },
    };
  };
}

/**
 * The `Deno.serve` handler of a function called by signed-in users: each
 * request gets `createHandler(dependenciesFor(caller))`, its dependencies
 * acting as that request's caller.
 */
export function servePerCaller<Dependencies>(
  createHandler: (dependencies: Dependencies) => (req: Request) => Promise<Response>,
  dependenciesFor: (caller: RequestCaller) => Dependencies,
  callers: CallerFactory = callerFactory(),
): (req: Request) => Promise<Response> {
  return (req) => createHandler(dependenciesFor(callers(req)))(req);
}
