import type { ChangeEvent, ReactNode } from "react";
import { IMAGE_LIMITS } from "@contracts/image";
import { FormField } from "../../ui/FormField";
import { SelectField } from "../../ui/SelectField";
import { TextAreaField } from "../../ui/TextAreaField";
import { IMAGE_SIZE_OPTIONS, STYLE_PRESET_OPTIONS } from "./imageForm";

export type BoundField = {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

type SettingName = "prompt" | "imageSize" | "stylePreset" | "negativePrompt" | "numInferenceSteps" | "guidanceScale";

type ImageSettingsFieldsProps = {
  field: (name: SettingName) => BoundField;
  disabled: boolean;
  /** Fields shown between Negative Prompt and Inference Steps (the generator's Number of Images). */
  children?: ReactNode;
};

/** The image-generation settings shared by the Generate Images screen and the featured-image modal. */
export function ImageSettingsFields({ field, disabled, children }: ImageSettingsFieldsProps) {
  return (
    <fieldset disabled={disabled} className="image-settings">
      <TextAreaField label="Image Description" rows={4} required maxLength={IMAGE_LIMITS.maxPromptLength} {...field("prompt")} />
      <div className="grid">
        <div>
          <SelectField label="Image Size" options={IMAGE_SIZE_OPTIONS} {...field("imageSize")} />
        </div>
        <div>
          <SelectField label="Style Preset" options={STYLE_PRESET_OPTIONS} {...field("stylePreset")} />
        </div>
      </div>
      <TextAreaField
        label="Negative Prompt"
        rows={2}
        maxLength={IMAGE_LIMITS.maxNegativePromptLength}
        help="What the image should not contain."
        {...field("negativePrompt")}
      />
      {children}
      <div className="grid">
        <div>
          <FormField
            label="Inference Steps"
            type="number"
            inputMode="numeric"
            min={IMAGE_LIMITS.minInferenceSteps}
            max={IMAGE_LIMITS.maxInferenceSteps}
            step={1}
            help={`${IMAGE_LIMITS.minInferenceSteps} to ${IMAGE_LIMITS.maxInferenceSteps}`}
            {...field("numInferenceSteps")}
          />
        </div>
        <div>
          <FormField
            label="Guidance Scale"
            type="number"
            inputMode="decimal"
            min={IMAGE_LIMITS.minGuidanceScale}
            max={IMAGE_LIMITS.maxGuidanceScale}
            step={IMAGE_LIMITS.guidanceScaleStep}
            help={`${IMAGE_LIMITS.minGuidanceScale} to ${IMAGE_LIMITS.maxGuidanceScale}, in steps of ${IMAGE_LIMITS.guidanceScaleStep}`}
            {...field("guidanceScale")}
          />
        </div>
      </div>
    </fieldset>
  );
}
