import type { ChangeEvent, ReactNode } from "react";
import { IMAGE_LIMITS } from "@contracts/image";
import { FormField } from "../../ui/FormField";
import { SelectField } from "../../ui/SelectField";
import { TextAreaField } from "../../ui/TextAreaField";
import {
  IMAGE_MODEL_OPTIONS,
  IMAGE_SIZE_OPTIONS,
  imageModelSpec,
  RECRAFT_STYLE_OPTIONS,
  STYLE_PRESET_OPTIONS,
} from "./imageForm";

export type BoundField = {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

type SettingName =
  | "model"
  | "prompt"
  | "imageSize"
  | "stylePreset"
  | "recraftStyle"
  | "negativePrompt"
  | "numInferenceSteps"
  | "guidanceScale";

type ImageSettingsFieldsProps = {
  field: (name: SettingName) => BoundField;
  disabled: boolean;
  /** Another model was chosen: its own defaults replace the steps and guidance. */
  onModelChange: (model: string) => void;
  /** Fields shown between Negative Prompt and Inference Steps (the generator's Number of Images). */
  children?: ReactNode;
};

/**
 * The image-generation settings shared by the Generate Images screen and the
 * featured-image modal: the fal.ai model, then only what that model takes
 * (contracts/image.ts IMAGE_MODEL_SPECS), with its own limits.
 */
export function ImageSettingsFields({ field, disabled, onModelChange, children }: ImageSettingsFieldsProps) {
  const model = field("model");
  const spec = imageModelSpec(model.value);
  return (
    <fieldset disabled={disabled} className="image-settings">
      <SelectField
        label="Image Model"
        options={IMAGE_MODEL_OPTIONS}
        {...model}
        onChange={(event) => onModelChange(event.target.value)}
      />
      <small className="image-model-note">{spec.description}</small>
      <TextAreaField label="Image Description" rows={4} required maxLength={spec.maxPromptLength} {...field("prompt")} />
      <div className="grid">
        <div>
          <SelectField label="Image Size" options={IMAGE_SIZE_OPTIONS} {...field("imageSize")} />
        </div>
        <div>
          {spec.style === "prompt" && <SelectField label="Style Preset" options={STYLE_PRESET_OPTIONS} {...field("stylePreset")} />}
          {spec.style === "recraft" && <SelectField label="Style" options={RECRAFT_STYLE_OPTIONS} {...field("recraftStyle")} />}
        </div>
      </div>
      {spec.negativePrompt && (
        <TextAreaField
          label="Negative Prompt"
          rows={2}
          maxLength={IMAGE_LIMITS.maxNegativePromptLength}
          help="What the image should not contain."
          {...field("negativePrompt")}
        />
      )}
      {children}
      {(spec.steps || spec.guidance) && (
        <div className="grid">
          <div>
            {spec.steps && (
              <FormField
                label="Inference Steps"
                type="number"
                inputMode="numeric"
                min={spec.steps.min}
                max={spec.steps.max}
                step={1}
                help={`${spec.steps.min} to ${spec.steps.max}`}
                {...field("numInferenceSteps")}
              />
            )}
          </div>
          <div>
            {spec.guidance && (
              <FormField
                label="Guidance Scale"
                type="number"
                inputMode="decimal"
                min={spec.guidance.min}
                max={spec.guidance.max}
                step={IMAGE_LIMITS.guidanceScaleStep}
                help={`${spec.guidance.min} to ${spec.guidance.max}, in steps of ${IMAGE_LIMITS.guidanceScaleStep}`}
                {...field("guidanceScale")}
              />
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
