import { type FormEvent, useEffect, useState } from "react";
import { AI_OPERATION_LABELS, AI_PROVIDER_LABELS, MODEL_ID_MESSAGE, MODEL_ID_PATTERN } from "@contracts/ai_provider";
import { SubmitButton } from "../../ui/SubmitButton";
import { formatDate } from "../../lib/dates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useUser } from "../auth/index";
import { type ModelChoices, saveModelChoices } from "./data/aiProvider";
import { aiProvider, loadModels, useAiProvider } from "./aiProviderStore";
import { ModelPicker } from "./ModelPicker";

const OPERATIONS = ["drafting", "keywords", "seo"] as const;

const HELP: Record<(typeof OPERATIONS)[number], string> = {
  drafting: "For assistants without a model of their own.",
  keywords: "Short structured answers: a small, fast model is enough.",
  seo: "A structured report that needs some judgement.",
};

/** The model each AI operation uses, chosen from the provider's own list (embeddings: Internal links below). */
export function AiModelsForm() {
  const user = useUser();
  const { settings, settingsState, models, modelsState, modelsError } = useAiProvider();
  const [choices, setChoices] = useState<ModelChoices>({ drafting: null, keywords: null, seo: null });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<(typeof OPERATIONS)[number], string>>>({});

  useEffect(() => {
    if (settings) setChoices({ ...settings.models });
  }, [settings]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    const trimmed = {
      drafting: choices.drafting?.trim() || null,
      keywords: choices.keywords?.trim() || null,
      seo: choices.seo?.trim() || null,
    };
    // The table's own rule (ai_provider_settings' check), said before the save rather than as a failed save.
    const invalid = Object.fromEntries(
      OPERATIONS.filter((operation) => trimmed[operation] !== null && !MODEL_ID_PATTERN.test(trimmed[operation]))
        .map((operation) => [operation, MODEL_ID_MESSAGE]),
    );
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setSaving(true);
    try {
      await saveModelChoices(user.id, trimmed);
      if (aiProvider.settings) aiProvider.settings = { ...aiProvider.settings, models: trimmed };
      notifySuccess("AI models saved");
    } catch (error) {
      console.error("Saving the AI models failed", error);
      notifyError("Failed to save the AI models");
    } finally {
      setSaving(false);
    }
  };

  const provider = models?.provider ?? settings?.provider ?? "openai";
  const source = provider === "custom" ? "your server" : AI_PROVIDER_LABELS[provider];
  const disabled = settingsState !== "ready" || saving;
  return (
    <article id="ai-models" aria-busy={settingsState === "loading" || undefined}>
      <h2>AI models</h2>
      <p>
        {models?.listed
          ? `The models ${source} offers today${models.fetchedAt ? `, as listed on ${formatDate(new Date(models.fetchedAt))}` : ""}.`
          : `The model each feature uses at ${source}.`}
      </p>
      {models?.notice && <p className="models-notice">{models.notice}</p>}
      {modelsState === "failed" && modelsError && <p className="models-notice">{modelsError}</p>}
      <form onSubmit={save} noValidate>
        {OPERATIONS.map((operation) => (
          <ModelPicker
            key={operation}
            label={`${AI_OPERATION_LABELS[operation]} model`}
            name={`${operation}_model`}
            kind="chat"
            value={choices[operation] ?? ""}
            onChange={(value) => setChoices((current) => ({ ...current, [operation]: value || null }))}
            error={errors[operation]}
            fallback={{ model: models?.defaults[operation] ?? null, label: "Provider default" }}
            disabled={disabled}
            help={HELP[operation]}
            showListNotice={false}
          />
        ))}
        <div className="models-actions">
          <SubmitButton busy={saving}>Save AI models</SubmitButton>
          <button
            type="button"
            className="secondary outline"
            disabled={modelsState === "loading"}
            aria-busy={modelsState === "loading" || undefined}
            onClick={() => void loadModels(true)}
          >
            Refresh model list
          </button>
        </div>
      </form>
    </article>
  );
}
