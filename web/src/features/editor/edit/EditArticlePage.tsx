import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { Spinner } from "../../../ui/Spinner";
import { getArticle, type Article } from "../../articles/index";
import { notifyError } from "../../../lib/notify";
import { EditArticleForm } from "./EditArticleForm";
import "../editorForm.css";

type ArticleLoad = { state: "loading" } | { state: "missing" } | { state: "ready"; article: Article };

export default function EditArticlePage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [load, setLoad] = useState<ArticleLoad>({ state: "loading" });
  // Each restore from History replaces the form with the saved article.
  const [restores, setRestores] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: "loading" });
    getArticle(id)
      .then((article) => current && setLoad(article ? { state: "ready", article } : { state: "missing" }))
      .catch(() => {
        if (!current) return;
        notifyError("Failed to load article");
        navigate("/articles", { replace: true });
      });
    return () => {
      current = false;
    };
  }, [id, navigate]);

  return (
    <>
      <h1>Edit Article</h1>
      {load.state === "loading" && <Spinner label="Loading article…" />}
      {load.state === "missing" && (
        <article className="not-found-article">
          <h2>Article not found</h2>
          <p>The article you're looking for doesn't exist.</p>
          <Link href="/articles">Back to Articles</Link>
        </article>
      )}
      {load.state === "ready" && (
        <EditArticleForm
          key={`${load.article.id}:${restores}`}
          article={load.article}
          focusHistory={restores > 0}
          onRestored={(article) => {
            setLoad({ state: "ready", article });
            setRestores((count) => count + 1);
          }}
        />
      )}
    </>
  );
}
