import { useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { listArticleChoices, type ArticleChoice, type LibraryImage } from "./data/images";
import { placeImageInArticle, type ImagePlacement } from "./placeInArticle";
import { useResource } from "../../lib/useResource";
import { Modal } from "../../ui/Modal";
import { RequestError } from "../../ui/RequestError";

type UseInArticleDialogProps = {
  image: LibraryImage;
  onClose(): void;
};

const PLACEMENTS: { value: ImagePlacement; label: string }[] = [
  { value: "featured", label: "As its featured image" },
  { value: "body", label: "At the end of its text" },
];

const DONE: Record<ImagePlacement, string> = {
  featured: "is now the featured image of",
  body: "was added at the end of the text of",
};

/**
 * "Use in article" from the library: the article, then where the image goes.
 * Done, it says so with a link to open the article; a failure stays in the
 * dialog until the next attempt or Dismiss.
 */
export function UseInArticleDialog({ image, onClose }: UseInArticleDialogProps) {
  const formId = useId();
  const articleId = useId();
  const articles = useResource<ArticleChoice[]>(() => listArticleChoices(), [], {
    onError: (error) => console.error("Loading the articles failed", error),
  });
  const [chosenId, setChosenId] = useState("");
  const [placement, setPlacement] = useState<ImagePlacement>("featured");
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ article: ArticleChoice; placement: ImagePlacement } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const article = articles.data?.find((candidate) => candidate.id === chosenId);
    if (!article) {
      setError("Choose an article");
      return;
    }
    setWorking(true);
    setError(null);
    try {
      await placeImageInArticle(article.id, image, placement);
      setDone({ article, placement });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to use the image in the article");
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal
      title="Use in article"
      onClose={onClose}
      busy={working}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose} disabled={working}>
            {done ? "Close" : "Cancel"}
          </button>
          {!done && (
            <button type="submit" form={formId} disabled={working || !articles.data?.length} aria-busy={working || undefined}>
              Use image
            </button>
          )}
        </div>
      }
    >
      <img className="use-in-article-image" src={image.url} alt={image.prompt || "The chosen image"} />
      {done ? (
        <p role="status">
          The image {DONE[done.placement]} <strong>{done.article.title}</strong>.{" "}
          <Link href={`/articles/edit/${done.article.id}`}>Open the article</Link>
        </p>
      ) : (
        <form id={formId} onSubmit={submit} noValidate>
          {articles.resource.status === "failed" && <p role="alert">Could not load your articles. Close this and try again.</p>}
          {articles.data?.length === 0 && <p>You have no articles yet. Write one first, then come back to use this image.</p>}
          {!!articles.data?.length && (
            <>
              <label htmlFor={articleId}>Article</label>
              <select
                id={articleId}
                name="article"
                value={chosenId}
                disabled={working}
                aria-invalid={error === "Choose an article" || undefined}
                onChange={(event) => {
                  setChosenId(event.target.value);
                  setError(null);
                }}
              >
                <option value="">Choose an article…</option>
                {articles.data.map((article) => (
                  <option key={article.id} value={article.id}>
                    {article.title}
                  </option>
                ))}
              </select>
              <fieldset>
                <legend>Place the image</legend>
                {PLACEMENTS.map((option) => (
                  <label key={option.value}>
                    <input
                      type="radio"
                      name="placement"
                      value={option.value}
                      checked={placement === option.value}
                      disabled={working}
                      onChange={() => setPlacement(option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </fieldset>
            </>
          )}
          <div aria-live="polite">{error && !working && <RequestError message={error} onDismiss={() => setError(null)} />}</div>
        </form>
      )}
    </Modal>
  );
}
