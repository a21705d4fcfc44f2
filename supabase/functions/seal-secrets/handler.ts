/**
 * seal-secrets: POST (any body, unread) with one of the project's secret keys
 * (in `apikey` or as the bearer), run by the operator once after deploying
 * encryption at rest (docs/deploying.md): seals every stored secret still in
 * plain text (written before migration 20261204000400) or sealed with a
 * previous key (after a rotation) with INKPRESS_SECRETS_KEY, then reports
 * what plain_text_secrets() still counts.
 * - 200 { sealed: { <table.column>: n, … }, plainTextLeft: { <table.column>: n, … } };
 * - 401 without credentials, 403 with anything but a secret key; 405;
 * - 500 'Failed to seal the stored secrets' (INKPRESS_SECRETS_KEY missing, a
 *   value sealed with an unknown key, the database unreachable).
 * Safe to run again: what is sealed with the current key is left alone.
 */
import { defineFunction, scheduler } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { type EnvReader, readSecretKeys } from "../_shared/platform/keys.ts";
import { createSystemAccess, type SystemAccess } from "../_shared/platform/system_access.ts";

export interface SealSecretsDependencies {
  secretKeys: readonly string[];
  sealStoredSecrets: SystemAccess["sealStoredSecrets"];
  /** plain_text_secrets(): per column, the rows still in plain text. */
  plainTextLeft(): Promise<Record<string, number>>;
}

export function createHandler(deps: SealSecretsDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "seal-secrets",
    caller: scheduler(deps.secretKeys),
    body: "ignored",
    failureMessage: "Failed to seal the stored secrets",
    async handle() {
      const sealed = await deps.sealStoredSecrets();
      return json({ sealed, plainTextLeft: await deps.plainTextLeft() });
    },
  });
}

export function productionDependencies(env: EnvReader = Deno.env): SealSecretsDependencies {
  const system = createSystemAccess(env);
  return {
    secretKeys: readSecretKeys(env).all,
    sealStoredSecrets: system.sealStoredSecrets,
    async plainTextLeft() {
      const { data, error } = await system.secretMaintenance.rpc("plain_text_secrets");
      if (error) throw new Error(`plain_text_secrets(): ${error.message}`);
      return Object.fromEntries((data ?? []).map((row) => [row.secret_column, Number(row.plain_rows)]));
    },
  };
}
