import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { Spinner } from "../../../ui/Spinner";
import { getArticle, type Article } from "../../articles/index";
import { notifyError } from "../../../lib/notify";
import { useResource } from "../../../lib/useResource";
import { EditArticleForm } from "./EditArticleForm";
import "../editorForm.css";

export default function EditArticlePage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const load = useResource<Article | null>(() => getArticle(id), [id], {
    onError: () => {
      notifyError("Failed to load article");
      navigate("/articles", { replace: true });
    },
  });
  // Each restore from History, and each reload after a refused save, replaces the form.
  const [restores, setRestores] = useState(0);
  const [reloads, setReloads] = useState(0);
  const article = load.resource.status === "ready" ? load.resource.data : undefined;

  return (
    <>
      <h1>Edit Article</h1>
      {load.resource.status === "loading" && <Spinner label="Loading article…" />}
      {article === null && (
        <article className="not-found-article">
          <h2>Article not found</h2>
          <p>The article you're looking for doesn't exist.</p>
          <Link href="/articles">Back to Articles</Link>
        </article>
      )}
      {article && (
        <EditArticleForm
          key={`${article.id}:${restores}:${reloads}`}
          article={article}
          focusHistory={restores > 0}
          onRestored={(restored) => {
            load.setData(() => restored);
            setRestores((count) => count + 1);
          }}
          onReload={(current) => {
            load.setData(() => current);
            setReloads((count) => count + 1);
          }}
        />
      )}
    </>
  );
}
