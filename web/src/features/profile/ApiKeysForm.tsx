import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { FormField } from "../../ui/FormField";
import { SubmitButton } from "../../ui/SubmitButton";
import { getApiKeyStatus, saveApiKeys, type ApiKeyChanges, type ApiKeyStatus } from "./data/apiKeys";
import { formatDate } from "../../lib/dates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { apiKeysSchema } from "./apiKeysValidation";
import { useUser } from "../auth/index";
import { AI_PROVIDER_LABELS } from "@contracts/ai_provider";
import { forgetModels, useAiProvider } from "./aiProviderStore";

/** A saved key the user asked to remove, waiting for the confirmation. */
type KeyRemoval = { label: string; changes: ApiKeyChanges };

type StatusLoad = ApiKeyStatus | "loading" | "unavailable";

function keyHelp(status: StatusLoad, last4: string | null): string {
  if (status === "loading") return "Checking for a saved key…";
  if (status === "unavailable") return "Could not check for a saved key.";
  return last4 ? `Saved key ending in ${last4}. Leave empty to keep it.` : "No key saved.";
}

/**
 * The user's AI-provider keys. Keys are write-only: the form only ever learns
 * whether a key is stored and its last four characters. An empty input keeps
 * the stored key; Remove deletes it.
 */
export function ApiKeysForm() {
  const user = useUser();
  const { settings, keysVersion } = useAiProvider();
  const [status, setStatus] = useState<StatusLoad>("loading");
  const [removing, setRemoving] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState<KeyRemoval | null>(null);
  const form = useForm(apiKeysSchema, { openai_key: "", falai_key: "" });

  const refreshStatus = () =>
    getApiKeyStatus()
      .then(setStatus)
      .catch((error: unknown) => {
        console.error("Loading the API key status failed", error);
        setStatus("unavailable");
      });

  useEffect(() => {
    void refreshStatus();
  }, [keysVersion]);

  const save = async (changes: ApiKeyChanges) => {
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    try {
      await saveApiKeys(changes);
    } catch {
      notifyError("Failed to save API keys");
      return;
    }
    notifySuccess("API keys saved successfully");
    form.reset();
    // The model list depends on the key (none without one).
    if (changes.openaiKey !== undefined) forgetModels();
    await refreshStatus();
  };

  const onSubmit = form.handleSubmit(({ openai_key, falai_key }) =>
    save({ openaiKey: openai_key || undefined, falaiKey: falai_key || undefined }),
  );

  const remove = async (changes: ApiKeyChanges) => {
    setConfirmingRemoval(null);
    setRemoving(true);
    try {
      await save(changes);
    } finally {
      setRemoving(false);
    }
  };

  const busy = form.submitting || removing;
  const known = typeof status === "object" ? status : null;
  const provider = settings?.provider ?? "openai";
  const keys = [
    {
      field: form.field("openai_key"),
      label: provider === "custom" ? "Server API Key" : `${AI_PROVIDER_LABELS[provider]} API Key`,
      purpose: provider === "custom"
        ? "Used for text generation, if your server needs a key (Ollama does not)."
        : "Used for text generation: article drafts, keyword research, SEO analysis and embeddings.",
      last4: known?.openaiKeyLast4 ?? null,
      removal: { openaiKey: "" },
    },
    {
      field: form.field("falai_key"),
      label: "fal.ai API Key",
      purpose: "Used for image generation.",
      last4: known?.falaiKeyLast4 ?? null,
      removal: { falaiKey: "" },
    },
  ];

  return (
    <article id="api-keys" aria-busy={status === "loading"}>
      <h2>API Keys</h2>
      {known?.updatedAt && <p>Last updated {formatDate(known.updatedAt)}</p>}
      <form onSubmit={onSubmit} noValidate>
        {keys.map(({ field, label, purpose, last4, removal }) => (
          <fieldset key={field.name}>
            <FormField
              label={label}
              type="password"
              autoComplete="off"
              spellCheck={false}
              help={`${purpose} ${keyHelp(status, last4)}`}
              {...field}
            />
            {last4 && (
              <button
                type="button"
                className="remove-key secondary outline"
                aria-label={`Remove ${label}`}
                disabled={busy}
                onClick={() => setConfirmingRemoval({ label, changes: removal })}
              >
                Remove
              </button>
            )}
          </fieldset>
        ))}
        <SubmitButton busy={form.submitting}>Save API Keys</SubmitButton>
      </form>
      {confirmingRemoval && (
        <ConfirmDialog
          title={`Remove the ${confirmingRemoval.label}?`}
          message="The saved key is deleted: what needs it stops working until you save a key again."
          confirmLabel="Remove"
          onCancel={() => setConfirmingRemoval(null)}
          onConfirm={() => void remove(confirmingRemoval.changes)}
        />
      )}
    </article>
  );
}
