/**
 * save-api-keys: POST { openaiKey?, falaiKey? } — stores the caller's
 * provider keys sealed (AES-256-GCM with INKPRESS_SECRETS_KEY, bound to the
 * caller's row: _shared/platform/secret_box.ts). A key stores it, `""`
 * removes the stored one, an absent one keeps it. The keys are write-only:
 * the answer, like api_key_status(), gives only their last four characters.
 * - 200 { openaiKeyLast4, falaiKeyLast4 };
 * - 400 invalid input (a key of 1–7 or over 512 characters, nothing to save,
 *   text the database cannot store), naming the field;
 * - 401 not signed in; 405; 413; 500 'Failed to save API keys'.
 */
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess, type SystemAccess } from "../_shared/platform/system_access.ts";
import { API_KEY_MESSAGES, saveApiKeysRequestSchema, type SaveApiKeysResult } from "../_shared/contracts/api_keys.ts";

export const MAX_BODY_BYTES = 4 * 1024;

export interface SaveApiKeysDependencies {
  authenticate: Authenticate;
  saveApiKeys: SystemAccess["saveApiKeys"];
}

/** "" removes a key (null in the database), a key stores it, undefined keeps it. */
const change = (key: string | undefined) => (key === undefined ? undefined : key === "" ? null : key);

export function createHandler(deps: SaveApiKeysDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "save-api-keys",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: saveApiKeysRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: API_KEY_MESSAGES.failed,
    async handle({ userId, input }) {
      const result: SaveApiKeysResult = await deps.saveApiKeys(userId, {
        openaiKey: change(input.openaiKey),
        falaiKey: change(input.falaiKey),
      });
      return json(result);
    },
  });
}

/** Built at boot; per caller: the caller verified, the keys sealed and written on the system path for stored secrets. */
export function productionDependencies(): (caller: RequestCaller) => SaveApiKeysDependencies {
  const system = createSystemAccess();
  return (caller) => ({ authenticate: () => caller.authenticate(), saveApiKeys: system.saveApiKeys });
}
