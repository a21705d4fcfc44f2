import type { User } from "@supabase/supabase-js";
import type { ServiceClient } from "./service_client.ts";

/** Thrown when a request has no valid signed-in user; answered with 401. */
export class UnauthenticatedError extends Error {
  override name = "UnauthenticatedError";
  constructor() {
    super("User not authenticated");
  }
}

/** The signed-in caller, verified with the auth server (not just decoded). */
export async function requireUser(req: Request, service: ServiceClient): Promise<User> {
  const token = req.headers.get("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw new UnauthenticatedError();
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) throw new UnauthenticatedError();
  return data.user;
}
