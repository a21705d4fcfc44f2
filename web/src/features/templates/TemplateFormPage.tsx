import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { ARTICLE_ELEMENTS, ELEMENT_LABELS, type ArticleElement } from "@contracts/generation_settings";
import { OUTLINE_MAX_HEADINGS } from "@contracts/outline";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/Spinner";
import { SubmitButton } from "../../ui/SubmitButton";
import { TextAreaField } from "../../ui/TextAreaField";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { useResource } from "../../lib/useResource";
import { createArticleTemplate, getArticleTemplate, updateArticleTemplate } from "./data/articleTemplates";
import { NEW_TEMPLATE, templateInputOf, templateSchema, templateValuesOf, type TemplateValues } from "./templateForm";
import "./templates.css";

type FormState = { values: TemplateValues; elements: ArticleElement[] };

/** Saving twice is prevented by useForm, which ignores a submit while one is running. */
function TemplateForm({ templateId, initial }: { templateId: string | null; initial: FormState }) {
  const [, navigate] = useLocation();
  const form = useForm(templateSchema, initial.values);
  const [elements, setElements] = useState(initial.elements);

  const save = form.handleSubmit(async (checked) => {
    const input = templateInputOf(checked, elements);
    try {
      if (templateId) await updateArticleTemplate(templateId, input);
      else await createArticleTemplate(input);
    } catch {
      notifyError("Failed to save template");
      return;
    }
    notifySuccess(templateId ? "Template updated successfully" : "Template created successfully");
    navigate("/templates");
  });

  return (
    <form onSubmit={save} noValidate>
      <article>
        <FormField label="Name" autoComplete="off" {...form.field("name")} />
        <TextAreaField
          label="Sections"
          rows={8}
          help={`One heading per line, in order (at most ${OUTLINE_MAX_HEADINGS}). They become the outline of a new post.`}
          {...form.field("sections")}
        />
        <FormField
          label="Word target"
          inputMode="numeric"
          autoComplete="off"
          help="Optional: about how many words a post from this template has."
          {...form.field("wordTarget")}
        />
        <fieldset className="template-elements">
          <legend>Required elements</legend>
          {ARTICLE_ELEMENTS.map((element) => (
            <label key={element}>
              <input
                type="checkbox"
                name="elements"
                value={element}
                checked={elements.includes(element)}
                onChange={(event) =>
                  setElements((current) =>
                    event.target.checked ? [...current, element] : current.filter((other) => other !== element)
                  )}
              />
              {ELEMENT_LABELS[element]}
            </label>
          ))}
        </fieldset>
      </article>
      <div className="template-form-actions">
        <Link href="/templates" role="button" className="secondary outline">
          Cancel
        </Link>
        <SubmitButton busy={form.submitting}>{form.submitting ? "Saving..." : "Save Template"}</SubmitButton>
      </div>
    </form>
  );
}

/** /templates/new creates a template; /templates/:id edits one. */
export default function TemplateFormPage() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const templateId = id ?? null;
  const load = useResource<FormState | null>(
    templateId
      ? async () => {
          const template = await getArticleTemplate(templateId);
          return template ? { values: templateValuesOf(template), elements: template.requiredElements } : null;
        }
      : null,
    [templateId],
    {
      onError: () => {
        notifyError("Failed to load template");
        navigate("/templates", { replace: true });
      },
    },
  );
  const initial = !templateId
    ? { values: NEW_TEMPLATE, elements: [] }
    : load.resource.status === "ready"
    ? load.resource.data
    : undefined;

  return (
    <>
      <h1>{templateId ? "Edit Template" : "New Template"}</h1>
      {templateId && load.resource.status === "loading" && <Spinner label="Loading template…" />}
      {initial === null && (
        <article>
          <h2>Template not found</h2>
          <p>The template you're looking for doesn't exist.</p>
          <Link href="/templates">Back to Templates</Link>
        </article>
      )}
      {initial && <TemplateForm templateId={templateId} initial={initial} />}
    </>
  );
}
