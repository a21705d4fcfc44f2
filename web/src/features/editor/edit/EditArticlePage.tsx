import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { Spinner } from "../../../ui/Spinner";
import { getArticle, type Article } from "../../articles/index";
import { notifyError } from "../../../lib/notify";
import { useResource } from "../../../lib/useResource";
import { EditArticleForm } from "./EditArticleForm";
import { takeSavedHandoff, type EditorDialog } from "../workspace/savedHandoff";
import "../editorForm.css";

/** Why the form was last replaced: it decides where focus goes and what opens. */
type Replacement =
  | { reason: "opened"; open?: EditorDialog }
  | { reason: "restored" }
  | { reason: "reloaded" }
  | { reason: "saved"; open?: EditorDialog };

export default function EditArticlePage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  // The article Create just saved, shown at once (no loading in between); loaded again in the background.
  const [handoff] = useState(() => takeSavedHandoff(id));
  const load = useResource<Article | null>(() => getArticle(id), [id], {
    onError: () => {
      notifyError("Failed to load article");
      navigate("/articles", { replace: true });
    },
  });
  // Each save, restore from History, and reload after a refused save or a publish replaces the form.
  const [replacements, setReplacements] = useState(0);
  const [replacement, setReplacement] = useState<Replacement>({ reason: handoff ? "saved" : "opened", open: handoff?.open });
  const [savedAt, setSavedAt] = useState<Date | null>(handoff?.savedAt ?? null);
  const loaded = load.resource.status === "ready" ? load.resource.data : undefined;
  const article = loaded !== undefined ? loaded : load.resource.status === "loading" ? handoff?.article : undefined;

  const replaceWith = (next: Article, why: Replacement) => {
    load.setData(() => next);
    setReplacement(why);
    setReplacements((count) => count + 1);
  };

  return (
    <>
      <h1>Edit Article</h1>
      {load.resource.status === "loading" && !article && <Spinner label="Loading article…" />}
      {article === null && (
        <article className="not-found-article">
          <h2>Article not found</h2>
          <p>The article you're looking for doesn't exist.</p>
          <Link href="/articles">Back to Articles</Link>
        </article>
      )}
      {article && (
        <EditArticleForm
          // The handed-over article and the same one loaded are one form: only a replacement makes a new one.
          key={`${article.id}:${replacements}`}
          article={article}
          savedAt={savedAt}
          focusHistory={replacement.reason === "restored"}
          focusSave={replacement.reason === "saved"}
          openOnArrival={"open" in replacement ? replacement.open : undefined}
          onSaved={(saved, then) => {
            setSavedAt(new Date());
            replaceWith(saved, { reason: "saved", open: then });
          }}
          onRestored={(restored) => replaceWith(restored, { reason: "restored" })}
          onReload={(current) => replaceWith(current, { reason: "reloaded" })}
        />
      )}
    </>
  );
}
