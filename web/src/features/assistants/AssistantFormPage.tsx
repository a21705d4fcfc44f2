import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { FormField } from "../../ui/FormField";
import { loadProviderSettings, ModelPicker, useAiProvider, aiProviderSettingsIdle } from "../profile";
import { Spinner } from "../../ui/Spinner";
import { SubmitButton } from "../../ui/SubmitButton";
import { TextAreaField } from "../../ui/TextAreaField";
import { createAssistant, getAssistant, updateAssistant } from "./data/assistants";
import { useResource } from "../../lib/useResource";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { useUser } from "../auth/index";
import { assistantSchema, assistantValuesOf, NEW_ASSISTANT, type AssistantValues } from "./assistantForm";
import { LocaleSelect } from "../../ui/LocaleSelect";
import { SelectField } from "../../ui/SelectField";
import { STYLE_PRESET_LABELS, STYLE_PRESETS } from "@contracts/image_styles";
import { GenerationSettingsFields } from "../../ui/GenerationSettingsFields";
import { checkSettingsValues } from "../../lib/generationSettings";
import "./assistants.css";

const IMAGE_STYLE_OPTIONS = [
  { value: "", label: `Not set (${STYLE_PRESET_LABELS.photographic})` },
  ...STYLE_PRESETS.map((value) => ({ value, label: STYLE_PRESET_LABELS[value] })),
];

/** Saving twice is prevented by useForm, which ignores a submit while one is running. */
function AssistantForm({ assistantId, initialValues }: { assistantId: string | null; initialValues: AssistantValues }) {
  const user = useUser();
  const [, navigate] = useLocation();
  const form = useForm(assistantSchema, initialValues);
  const [generationSettings, setGenerationSettings] = useState(initialValues.settings);
  const [wordTargetError, setWordTargetError] = useState<string | undefined>(undefined);
  const { models, settings } = useAiProvider();
  // The user's own drafting model wins over the provider's default.
  const drafting = settings?.models.drafting ?? models?.defaults.drafting ?? null;

  useEffect(() => {
    if (aiProviderSettingsIdle()) void loadProviderSettings();
  }, []);

  const save = form.handleSubmit(async (values) => {
    const checked = checkSettingsValues(generationSettings);
    setWordTargetError("field" in checked ? checked.message : undefined);
    if (!("settings" in checked)) return;
    if (!user) {
      notifyError("User not authenticated");
      return;
    }
    try {
      const input = { ...values, settings: checked.settings };
      if (assistantId) await updateAssistant(assistantId, input);
      else await createAssistant(user.id, input);
    } catch {
      notifyError("Failed to save assistant");
      return;
    }
    notifySuccess(assistantId ? "Assistant updated successfully" : "Assistant created successfully");
    navigate("/assistants");
  });

  return (
    <form onSubmit={save} noValidate>
      <article>
        <FormField label="Name" autoComplete="off" {...form.field("name")} />
        <TextAreaField
          label="Description"
          rows={2}
          help="Shown next to the name under Choose Assistant."
          {...form.field("description")}
        />
        <TextAreaField
          label="Instructions"
          rows={10}
          help="How the assistant writes: voice, structure, audience. The article format is added automatically."
          {...form.field("instructions")}
        />
        <ModelPicker
          label="Model"
          name="model"
          kind="chat"
          value={form.values.model}
          error={form.errors.model}
          fallback={{ model: drafting, label: "Your drafting model" }}
          help="Your AI provider's models. The default is the drafting model of Profile Settings → AI models."
          onChange={(model) => form.fill({ model })}
        />
        <LocaleSelect
          label="Language"
          name="locale"
          value={form.values.locale}
          unsetLabel="Not set (the site's language, else English)"
          help="The language this assistant writes in, unless an article chooses another."
          onChange={(locale) => form.fill({ locale })}
        />
        <SelectField
          label="Image Style"
          options={IMAGE_STYLE_OPTIONS}
          help="The style of the images it puts under an article's sections (Images in the body, in the editor)."
          {...form.field("imageStyle")}
        />
        <GenerationSettingsFields
          legend="Generation settings"
          help="Defaults for every article this assistant writes; Create and bulk batches can override each one."
          unsetLabel="Not set (the model decides)"
          values={generationSettings}
          wordTargetError={wordTargetError}
          onChange={setGenerationSettings}
        />
      </article>
      <div className="assistant-form-actions">
        <Link href="/assistants" role="button" className="secondary outline">
          Cancel
        </Link>
        <SubmitButton busy={form.submitting}>{form.submitting ? "Saving..." : "Save Assistant"}</SubmitButton>
      </div>
    </form>
  );
}

/** /assistants/new creates an assistant; /assistants/:id edits one. */
export default function AssistantFormPage() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const assistantId = id ?? null;
  const load = useResource<AssistantValues | null>(
    assistantId
      ? async () => {
          const assistant = await getAssistant(assistantId);
          return assistant ? assistantValuesOf(assistant) : null;
        }
      : null,
    [assistantId],
    {
      onError: () => {
        notifyError("Failed to load assistant");
        navigate("/assistants", { replace: true });
      },
    },
  );
  const values = !assistantId ? NEW_ASSISTANT : load.resource.status === "ready" ? load.resource.data : undefined;

  return (
    <>
      <h1>{assistantId ? "Edit Assistant" : "New Assistant"}</h1>
      {assistantId && load.resource.status === "loading" && <Spinner label="Loading assistant…" />}
      {values === null && (
        <article>
          <h2>Assistant not found</h2>
          <p>The assistant you're looking for doesn't exist.</p>
          <Link href="/assistants">Back to Assistants</Link>
        </article>
      )}
      {values && <AssistantForm assistantId={assistantId} initialValues={values} />}
    </>
  );
}
