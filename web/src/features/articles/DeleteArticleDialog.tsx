import { useState } from "react";
import { usePostsOnSites, type PostOnSite } from "../publishing/index";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { RequestError } from "../../ui/RequestError";
import type { ArticleSummary } from "./data/articleList";
import { RemoteRemovalError } from "./data/articles";
import "./delete-article-dialog.css";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this article? This action cannot be undone.";

/** What happens to the article's posts on its sites. */
export type RemotePostChoice = "leave" | "remove";

type DeleteArticleDialogProps = {
  article: ArticleSummary;
  onCancel(): void;
  /** Deletes (and, with "remove", removes the posts first); throws to keep the dialog open with the reason. */
  onDelete(choice: RemotePostChoice): Promise<void>;
};

const listOf = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** "It is live on Garden blog" / "It is on Garden blog (live) and Notes (draft)". */
function whereItIs(posts: readonly PostOnSite[]): string {
  const allLive = posts.every(({ remoteStatus }) => remoteStatus === "publish");
  const names = posts.map(({ siteName, remoteStatus }) =>
    allLive ? siteName : `${siteName} (${remoteStatus === "publish" ? "live" : remoteStatus})`,
  );
  return `It is ${allLive ? "live on" : "on"} ${listOf(names)}.`;
}

/** The failure of the last try, in place: which site refused and why, and what to do. */
function failureOf(error: unknown): { message: string; fix?: { href: string; label: string } } {
  if (error instanceof RemoteRemovalError) {
    const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
    const reasons = error.failures.map(({ siteName, detail }) => sentence(`${siteName}: ${detail}`)).join(" ");
    return {
      message: `${error.message}. ${reasons} Try again, or leave the post and delete the article here only.`,
      fix: { href: "/wordpress-sites", label: "WordPress Sites" },
    };
  }
  return { message: error instanceof Error && error.message ? error.message : "Failed to delete article" };
}

/**
 * The app's own confirmation for deleting an article. An article that is on
 * a site says so: deleting it here leaves that post where it is, unless the
 * user chooses to remove it too (WordPress moves it to the trash, Ghost
 * deletes it). A failure stays in the dialog until the next try or Cancel.
 */
export function DeleteArticleDialog({ article, onCancel, onDelete }: DeleteArticleDialogProps) {
  const posts = usePostsOnSites(article.id);
  const [choice, setChoice] = useState<RemotePostChoice>("leave");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof failureOf> | null>(null);
  const onSites = Array.isArray(posts) && posts.length > 0 ? posts : null;

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(onSites ? choice : "leave");
    } catch (error) {
      setFailure(failureOf(error));
      setBusy(false);
    }
  };

  const many = (onSites?.length ?? 0) > 1;
  return (
    <ConfirmDialog
      title={`Delete “${article.title}”?`}
      message={DELETE_CONFIRMATION}
      confirmLabel={failure ? "Try again" : "Delete"}
      busy={busy}
      confirmDisabled={posts === "loading"}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      {posts === "loading" && <p className="delete-article-note">Checking where it is published…</p>}
      {posts === "unknown" && (
        <p className="delete-article-note">
          Where it is published could not be checked: a post on a site is left as it is.
        </p>
      )}
      {onSites && (
        <fieldset className="delete-article-choice">
          <legend>
            {whereItIs(onSites)} Deleting the article here leaves {many ? "those posts" : "that post"} on the{" "}
            {many ? "sites" : "site"}.
          </legend>
          <label>
            <input
              type="radio"
              name="remote-posts"
              value="leave"
              checked={choice === "leave"}
              disabled={busy}
              onChange={() => setChoice("leave")}
            />
            Leave the {many ? "posts" : "post"} on {listOf(onSites.map(({ siteName }) => siteName))}
          </label>
          <label>
            <input
              type="radio"
              name="remote-posts"
              value="remove"
              checked={choice === "remove"}
              disabled={busy}
              onChange={() => setChoice("remove")}
            />
            Also remove {many ? "them" : "it"} from the {many ? "sites" : "site"} (WordPress moves a post to its
            trash; Ghost deletes it)
          </label>
        </fieldset>
      )}
      {failure && <RequestError message={failure.message} fix={failure.fix} onDismiss={() => setFailure(null)} />}
    </ConfirmDialog>
  );
}
