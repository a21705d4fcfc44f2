import {
  type ConnectGhostSiteRequest,
  connectGhostSiteFailureSchema,
  connectGhostSiteResultSchema,
  GHOST_MESSAGES,
} from "@contracts/ghost_sites";
import type { ConnectedSite } from "@contracts/sites";
import { readFunctionError } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

/** The Ghost connection test failed: `message` belongs under the field named `field`. */
export class GhostConnectionError extends Error {
  constructor(
    message: string,
    readonly field: "admin_url" | "admin_api_key",
  ) {
    super(message);
    this.name = "GhostConnectionError";
  }
}

/**
 * Connects a Ghost site: `ghost-connect` tests the API URL and Admin API key
 * (site info, then a permission check) and saves the site only if both pass.
 * The key stays on the server; the saved row never carries it.
 */
export async function connectGhostSite(input: ConnectGhostSiteRequest): Promise<ConnectedSite> {
  const { data, error } = await supabase.functions.invoke("ghost-connect", { body: input });
  if (error) {
    const body = await readFunctionError(error);
    const failure = connectGhostSiteFailureSchema.safeParse(body);
    if (failure.success) throw new GhostConnectionError(failure.data.error, failure.data.field);
    throw new Error(typeof body?.error === "string" ? body.error : GHOST_MESSAGES.connectFailed);
  }
  const parsed = connectGhostSiteResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(GHOST_MESSAGES.connectFailed);
  return parsed.data.site;
}
