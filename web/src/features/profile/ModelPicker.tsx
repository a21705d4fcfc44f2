import { useEffect, useId } from "react";
import type { ProviderModel } from "@contracts/ai_provider";
import { AI_PROVIDER_LABELS } from "@contracts/ai_provider";
import { loadModels, useAiProvider } from "./aiProviderStore";

type ModelPickerProps = {
  label: string;
  name: string;
  /** "" means the default. */
  value: string;
  onChange(value: string): void;
  kind: ProviderModel["kind"];
  /** The model used when none is chosen, and what it is called ("Provider default", "Your drafting model"). */
  fallback: { model: string | null; label: string };
  disabled?: boolean;
  error?: string;
  help?: string;
};

const optionLabel = (model: ProviderModel) =>
  model.shutdownDate ? `${model.id} (shuts down ${model.shutdownDate})` : model.id;

/**
 * A model of the user's provider, chosen from the provider's own list (GET
 * /models, cached per user): a select, with the default first. A stored
 * model the provider no longer offers stays selectable and is named as such,
 * so it is noticed where it is used. Free text only where the provider has
 * no list.
 */
export function ModelPicker({ label, name, value, onChange, kind, fallback, disabled, error, help }: ModelPickerProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const { models, modelsState, settings } = useAiProvider();

  useEffect(() => {
    if (modelsState === "idle") void loadModels();
  }, [modelsState]);

  const provider = models?.provider ?? settings?.provider ?? "openai";
  const providerName = provider === "custom" ? "your server" : AI_PROVIDER_LABELS[provider];
  const offered = (models?.listed ? models.models : []).filter((model) => model.kind === kind);
  const missing = value !== "" && models?.listed === true && !offered.some((model) => model.id === value);
  const defaultLabel = fallback.model ? `${fallback.label} (${fallback.model})` : "Choose a model";
  const warning = missing
    ? `${value} is not offered by ${providerName} any more: requests with it fail. Choose another model.`
    : undefined;
  const note = error ?? warning ?? help;
  const describedBy = note ? noteId : undefined;

  if ((models && !models.listed) || (!models && modelsState === "failed")) {
    return (
      <>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          value={value}
          placeholder={fallback.model ?? "Model name"}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {note && <small id={noteId}>{note}</small>}
      </>
    );
  }
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled || !models}
        aria-busy={!models ? true : undefined}
        aria-invalid={error || missing ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{models ? defaultLabel : "Loading models…"}</option>
        {missing && <option value={value}>{`${value} (not offered by ${providerName})`}</option>}
        {offered.map((model) => <option key={model.id} value={model.id}>{optionLabel(model)}</option>)}
      </select>
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}
