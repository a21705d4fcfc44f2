import { useId } from "react";
import {
  ARTICLE_ELEMENTS,
  ELEMENT_LABELS,
  POINT_OF_VIEW_LABELS,
  POINTS_OF_VIEW,
  TONE_LABELS,
  TONES,
  WORD_TARGET_MAX,
  WORD_TARGET_MIN,
  type ArticleElement,
  type PointOfView,
  type Tone,
} from "@contracts/generation_settings";
import type { GenerationSettingsValues } from "../lib/generationSettings";
import { FormField } from "./FormField";
import { SelectField } from "./SelectField";
import "./GenerationSettingsFields.css";

type GenerationSettingsFieldsProps = {
  /** The fieldset's legend. */
  legend: string;
  /** Explains where the values apply (an assistant's defaults, or this article only). */
  help: string;
  values: GenerationSettingsValues;
  /** "" means the model decides: what the unset options say. */
  unsetLabel: string;
  wordTargetError?: string;
  disabled?: boolean;
  onChange(values: GenerationSettingsValues): void;
};

/** Length, tone, point of view and elements to include: an assistant's defaults, or one article's or batch's. */
export function GenerationSettingsFields({
  legend,
  help,
  values,
  unsetLabel,
  wordTargetError,
  disabled,
  onChange,
}: GenerationSettingsFieldsProps) {
  const helpId = useId();
  const set = (patch: Partial<GenerationSettingsValues>) => onChange({ ...values, ...patch });
  const toggle = (element: ArticleElement, included: boolean) =>
    set({
      elements: ARTICLE_ELEMENTS.filter((candidate) =>
        candidate === element ? included : values.elements.includes(candidate)
      ),
    });
  return (
    <fieldset className="generation-settings" aria-describedby={helpId} disabled={disabled}>
      <legend>{legend}</legend>
      <small id={helpId}>{help}</small>
      <FormField
        label="Length (words)"
        name="wordTarget"
        type="number"
        inputMode="numeric"
        min={WORD_TARGET_MIN}
        max={WORD_TARGET_MAX}
        step={100}
        placeholder={unsetLabel}
        value={values.wordTarget}
        error={wordTargetError}
        help={`Between ${WORD_TARGET_MIN} and ${WORD_TARGET_MAX}; leave blank to let the model decide.`}
        onChange={(event) => set({ wordTarget: event.target.value })}
      />
      <SelectField
        label="Tone"
        name="tone"
        value={values.tone}
        options={[{ value: "", label: unsetLabel }, ...TONES.map((tone) => ({ value: tone, label: TONE_LABELS[tone] }))]}
        onChange={(event) => set({ tone: event.target.value as Tone | "" })}
      />
      <SelectField
        label="Point of view"
        name="pointOfView"
        value={values.pointOfView}
        options={[
          { value: "", label: unsetLabel },
          ...POINTS_OF_VIEW.map((view) => ({ value: view, label: POINT_OF_VIEW_LABELS[view] })),
        ]}
        onChange={(event) => set({ pointOfView: event.target.value as PointOfView | "" })}
      />
      <fieldset className="generation-elements">
        <legend>Include</legend>
        {ARTICLE_ELEMENTS.map((element) => (
          <label key={element}>
            <input
              type="checkbox"
              name="elements"
              value={element}
              checked={values.elements.includes(element)}
              onChange={(event) => toggle(element, event.target.checked)}
            />
            {ELEMENT_LABELS[element]}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
