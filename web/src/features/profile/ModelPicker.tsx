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
  /** Why the provider's list is missing; false where the form says it once above its pickers. */
  showListNotice?: boolean;
};

const optionLabel = (model: ProviderModel) =>
  model.shutdownDate ? `${model.id} (shuts down ${model.shutdownDate})` : model.id;

/**
 * A model of the user's provider, chosen from the provider's own list (GET
 * /models, cached per user): a select, with the default first. A stored
 * model the provider no longer offers stays selectable and is named as such,
 * so it is noticed where it is used. While the list cannot be read (no key
 * yet, provider down) the default and the model already chosen are offered,
 * with the reason. Free text only where the provider has no list.
 */
export function ModelPicker(
  { label, name, value, onChange, kind, fallback, disabled, error, help, showListNotice = true }: ModelPickerProps,
) {
  const id = useId();
  const noteId = `${id}-note`;
  const { models, modelsState, modelsError, settings } = useAiProvider();

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
  const listNotice = !showListNotice
    ? undefined
    : models && !models.listed
    ? models.notice
    : !models && modelsState === "failed"
    ? (modelsError ?? "Could not load the provider's models")
    : undefined;
  const note = error ?? warning ?? listNotice ?? help;
  const describedBy = note ? noteId : undefined;
  /** Known while the list itself is not: the default, and the choice already made. */
  const unknown = !models?.listed && modelsState !== "loading" && modelsState !== "idle";

  if (models?.typed) {
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
        disabled={disabled || (!models && !unknown)}
        aria-busy={!models && !unknown ? true : undefined}
        aria-invalid={error || missing ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{models || unknown ? defaultLabel : "Loading models…"}</option>
        {missing && <option value={value}>{`${value} (not offered by ${providerName})`}</option>}
        {unknown && value !== "" && <option value={value}>{value}</option>}
        {offered.map((model) => <option key={model.id} value={model.id}>{optionLabel(model)}</option>)}
      </select>
      {note && <small id={noteId}>{note}</small>}
    </>
  );
}
