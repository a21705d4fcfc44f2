import { type FormEvent, useEffect, useId, useState } from "react";
import { AI_PROVIDER_LABELS, AI_PROVIDERS, type AiProvider, baseUrlSchema } from "@contracts/ai_provider";
import { FormField } from "../../ui/FormField";
import { RequestError } from "../../ui/RequestError";
import { SubmitButton } from "../../ui/SubmitButton";
import { RequestFailure } from "../../backend/functionErrors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useUser } from "../auth/index";
import { checkKey, saveProvider } from "./data/aiProvider";
import {
  aiProvider,
  aiProviderSettingsIdle,
  forgetModels,
  keysChanged,
  loadProviderSettings,
  useAiProvider,
} from "./aiProviderStore";

const PROVIDER_HELP: Record<AiProvider, string> = {
  openai: "OpenAI's API with your own OpenAI key.",
  openrouter: "Many providers' models through one OpenRouter key; model names have the author in front (openai/gpt-6-luna).",
  custom: "Any server speaking OpenAI's Chat Completions API, e.g. a local Ollama or LM Studio.",
};

type Check =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "ok"; message: string }
  | { state: "failed"; message: string; fix?: RequestFailure["fix"] };

/**
 * Which service the text-generation key belongs to: OpenAI (the default),
 * OpenRouter, or an OpenAI-compatible server by base URL. Changing it removes
 * the stored key (a key belongs to one provider) and the model choices.
 * Check key asks the provider for its model list with the stored key.
 */
export function AiProviderForm() {
  const user = useUser();
  const { settings, settingsState } = useAiProvider();
  const [provider, setProvider] = useState<AiProvider>("openai");
  const [baseUrl, setBaseUrl] = useState("");
  const [baseUrlError, setBaseUrlError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState("");
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const legendId = useId();

  useEffect(() => {
    if (aiProviderSettingsIdle()) void loadProviderSettings();
  }, []);
  useEffect(() => {
    if (!settings) return;
    setProvider(settings.provider);
    setBaseUrl(settings.baseUrl ?? "");
  }, [settings]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    let url: string | null = null;
    if (provider === "custom") {
      const parsed = baseUrlSchema.safeParse(baseUrl);
      if (!parsed.success) {
        setBaseUrlError(parsed.error.issues[0]?.message);
        return;
      }
      url = parsed.data.replace(/\/+$/, "");
    }
    setBaseUrlError(undefined);
    setSaving(true);
    try {
      const { keyRemoved } = await saveProvider(provider, url);
      const before = settings?.provider;
      aiProvider.settings = { provider, baseUrl: url, models: { drafting: null, keywords: null, seo: null } };
      forgetModels();
      setCheck({ state: "idle" });
      if (keyRemoved) {
        keysChanged();
        setNotice(
          `Your ${before ? AI_PROVIDER_LABELS[before] : "previous"} key was removed: a key belongs to one provider. ` +
            `Enter your ${AI_PROVIDER_LABELS[provider]} key under API Keys.`,
        );
      } else setNotice("");
      notifySuccess("AI provider saved");
      await loadProviderSettings();
    } catch (error) {
      console.error("Saving the AI provider failed", error);
      notifyError("Failed to save the AI provider");
    } finally {
      setSaving(false);
    }
  };

  const runCheck = async () => {
    setCheck({ state: "checking" });
    try {
      setCheck({ state: "ok", message: (await checkKey()).message });
    } catch (error) {
      setCheck({
        state: "failed",
        message: error instanceof Error ? error.message : "Could not check the key",
        fix: error instanceof RequestFailure ? error.fix : undefined,
      });
    }
  };

  const changed = !!settings && (provider !== settings.provider || (provider === "custom" && baseUrl.trim() !== (settings.baseUrl ?? "")));
  const disabled = settingsState !== "ready" || saving;
  return (
    <article id="ai-provider" aria-busy={settingsState === "loading" || undefined}>
      <h2>AI provider</h2>
      <p>Where article drafts, keyword research, SEO analysis and embeddings are sent, with your own key.</p>
      {settingsState === "failed" && <p role="alert">Could not load the AI provider setting.</p>}
      <form onSubmit={save} noValidate>
        <fieldset disabled={disabled} aria-labelledby={legendId}>
          <legend id={legendId}>Text-generation provider</legend>
          {AI_PROVIDERS.map((option) => (
            <div key={option} className="provider-choice">
              <label>
                <input
                  type="radio"
                  name="ai_provider"
                  value={option}
                  checked={provider === option}
                  aria-describedby={`${legendId}-${option}`}
                  onChange={() => setProvider(option)}
                />
                {AI_PROVIDER_LABELS[option]}
              </label>
              <small id={`${legendId}-${option}`} className="provider-help">{PROVIDER_HELP[option]}</small>
            </div>
          ))}
        </fieldset>
        {provider === "custom" && (
          <FormField
            label="Base URL"
            name="base_url"
            type="url"
            inputMode="url"
            placeholder="http://localhost:11434/v1"
            autoComplete="off"
            spellCheck={false}
            value={baseUrl}
            disabled={disabled}
            error={baseUrlError}
            help="The address of its OpenAI-compatible API, ending in /v1. The app's server calls it: a server on a private network is reached only where the operator allows its address."
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        )}
        {changed && <p><small>Saving a different provider removes the stored text-generation key and model choices.</small></p>}
        <SubmitButton busy={saving}>Save provider</SubmitButton>
      </form>
      {notice && <p role="status" className="provider-notice">{notice}</p>}
      <div className="key-check">
        <button type="button" className="secondary" onClick={runCheck} aria-busy={check.state === "checking" || undefined} disabled={check.state === "checking" || disabled}>
          Check key
        </button>
        <div aria-live="polite">
          {check.state === "ok" && <p className="key-check-ok">{check.message}</p>}
          {check.state === "failed" && (
            <RequestError message={check.message} fix={check.fix} onDismiss={() => setCheck({ state: "idle" })} />
          )}
        </div>
      </div>
    </article>
  );
}
