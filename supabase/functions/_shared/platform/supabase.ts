import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";

/** Thrown by requireUser; functions answer it with 401. */
export class UnauthenticatedError extends Error {
  constructor() {
    super("User not authenticated");
  }
}

function requiredEnv(...names: string[]): string {
  for (const name of names) {
    const value = Deno.env.get(name);
    if (value) return value;
  }
  throw new Error(`Missing environment variable ${names.join(" or ")}`);
}

/**
 * A client with the secret key: bypasses RLS. Use it only after the caller
 * has been authorised, and always filter by the caller's user id.
 */
export function createServiceClient(): SupabaseClient {
  return createClient(
    requiredEnv("SUPABASE_URL"),
    requiredEnv("SUPABASE_SECRET_KEY", "SUPABASE_SERVICE_ROLE_KEY"),
    { auth: { persistSession: false, autoRefreshToken: false } },
  );
}

/** The signed-in caller, verified with the auth server (not just decoded). */
export async function requireUser(req: Request, service: SupabaseClient): Promise<User> {
  const token = req.headers.get("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw new UnauthenticatedError();
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) throw new UnauthenticatedError();
  return data.user;
}
