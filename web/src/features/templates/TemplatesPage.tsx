import { useId, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Spinner } from "../../ui/Spinner";
import { ELEMENT_LABELS } from "@contracts/generation_settings";
import { deleteArticleTemplate, listArticleTemplates, type ArticleTemplate } from "./data/articleTemplates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import "./templates.css";

export const DELETE_TEMPLATE_CONFIRMATION =
  "Are you sure you want to delete this template? Articles written from it are kept.";

function TemplateItem({ template, deleting, onDelete }: { template: ArticleTemplate; deleting: boolean; onDelete(): void }) {
  const nameId = useId();
  const details = [
    `${template.sections.length} ${template.sections.length === 1 ? "section" : "sections"}`,
    template.wordTarget ? `about ${template.wordTarget} words` : "",
    template.requiredElements.length
      ? `includes ${template.requiredElements.map((element) => ELEMENT_LABELS[element]).join(", ")}`
      : "",
  ].filter(Boolean);
  return (
    <article className="template-card" aria-labelledby={nameId}>
      <div>
        <h2 id={nameId}>{template.name}</h2>
        <ol className="template-sections">
          {template.sections.map((section, index) => (
            <li key={index}>{section}</li>
          ))}
        </ol>
        <small>{details.join(" · ")}</small>
      </div>
      <div className="template-actions">
        <Link href={`/templates/${template.id}`} role="button" className="secondary outline" aria-describedby={nameId}>
          Edit
        </Link>
        <button
          type="button"
          className="secondary outline"
          disabled={deleting}
          aria-busy={deleting || undefined}
          aria-describedby={nameId}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </article>
  );
}

/** The user's article templates, offered under Template when creating a post. */
export default function TemplatesPage() {
  const load = useResource(() => listArticleTemplates(), [], { onError: () => notifyError("Failed to load templates") });
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<ArticleTemplate | null>(null);

  const remove = async (template: ArticleTemplate) => {
    setConfirmingDelete(null);
    setDeletingId(template.id);
    try {
      await deleteArticleTemplate(template.id);
      load.setData((templates) => templates.filter(({ id }) => id !== template.id));
      notifySuccess("Template deleted successfully");
    } catch {
      notifyError("Failed to delete template");
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <>
      <header className="templates-header">
        <hgroup>
          <h1>Templates</h1>
          <p>A template's sections become the outline of a new post; its word target and elements fill the settings.</p>
        </hgroup>
        <Link href="/templates/new" role="button">
          New Template
        </Link>
      </header>
      <section aria-label="Your templates" aria-busy={load.resource.status === "loading"}>
        {load.resource.status === "loading" && <Spinner label="Loading templates…" />}
        {load.resource.status === "failed" && (
          <p>
            Your templates could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={load.reload}>
              Retry
            </button>
          </p>
        )}
        {load.resource.status === "ready" && load.resource.data.length === 0 && (
          <div className="templates-empty">
            <h2>No templates yet</h2>
            <p>Create one to start posts from the same sections.</p>
          </div>
        )}
        {load.resource.status === "ready" && load.resource.data.length > 0 && (
          <ul className="template-list">
            {load.resource.data.map((template) => (
              <li key={template.id}>
                <TemplateItem
                  template={template}
                  deleting={deletingId === template.id}
                  onDelete={() => setConfirmingDelete(template)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {confirmingDelete && (
        <ConfirmDialog
          title={`Delete ${confirmingDelete.name}?`}
          message={DELETE_TEMPLATE_CONFIRMATION}
          confirmLabel="Delete"
          onCancel={() => setConfirmingDelete(null)}
          onConfirm={() => void remove(confirmingDelete)}
        />
      )}
    </>
  );
}
