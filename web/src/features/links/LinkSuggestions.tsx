import { useId, useMemo, useState } from "react";
import { Link } from "wouter";
import type { LinkSuggestion } from "./linkMatcher";
import type { LinkTarget } from "./data/siteContent";
import { RequestFailure } from "../../backend/functionErrors";
import { RequestError } from "../../ui/RequestError";
import "./link-suggestions.css";

/**
 * The phrase matcher and the index query are loaded with the first "Suggest
 * links", not with the editor: most visits to the editor never ask.
 */
type Matcher = Pick<
  typeof import("./linkMatcher"),
  "suggestLinks" | "insertLink"
>;

/** Targets asked of the database; suggestions are the first of them with a phrase in the text. */
export const TARGETS_ASKED = 12;
/** Suggestions shown. */
export const SUGGESTIONS_SHOWN = 5;

type LinkSuggestionsProps = {
  title: string;
  focusKeyword: string;
  /** The article HTML, as the Content field holds it. */
  content: string;
  /** The article being edited: its own post is never suggested. */
  articleId?: string;
  /** Only these sites' posts (the article's target sites); all the user's sites when empty. */
  siteIds?: string[];
  /** While an AI draft streams in. */
  disabled?: boolean;
  /** The article HTML with the link inserted. */
  onInsert(html: string): void;
};

type Load =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "failed"; message: string; fix?: RequestFailure["fix"] }
  | { state: "ready"; targets: LinkTarget[]; fallback?: string; matcher: Matcher };

/**
 * Link suggestions for the article editor: the user's indexed posts most
 * relevant to the article (ranked in the database), each with a phrase of
 * the article's own text to anchor it (the shared matcher), inserted with one
 * click. Suggestions follow the text as it changes: a phrase edited away
 * drops its suggestion, and a target once linked is no longer offered.
 */
export function LinkSuggestions({ title, focusKeyword, content, articleId, siteIds, disabled, onInsert }: LinkSuggestionsProps) {
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const [announcement, setAnnouncement] = useState("");

  const suggestions = useMemo(
    () => (load.state === "ready" ? load.matcher.suggestLinks(content, load.targets, SUGGESTIONS_SHOWN) : []),
    [load, content],
  );

  const find = async () => {
    setLoad({ state: "loading" });
    setAnnouncement("");
    try {
      const [{ findLinkTargets }, matcher] = await Promise.all([
        import("./data/siteContent"),
        import("./linkMatcher"),
      ]);
      const { targets, fallback } = await findLinkTargets({
        focus: `${title}\n${focusKeyword}`,
        body: content,
        limit: TARGETS_ASKED,
        excludeArticleId: articleId,
        siteIds,
      });
      setLoad({ state: "ready", targets, fallback, matcher });
    } catch (error) {
      setLoad({
        state: "failed",
        message: error instanceof Error ? error.message : String(error),
        fix: error instanceof RequestFailure ? error.fix : undefined,
      });
    }
  };

  const insert = (matcher: Matcher, suggestion: LinkSuggestion<LinkTarget>) => {
    const html = matcher.insertLink(content, suggestion);
    if (html === null) {
      setAnnouncement(`The text around “${suggestion.anchorText}” could not take a link; edit it or link it by hand.`);
      return;
    }
    onInsert(html);
    setAnnouncement(`Linked “${suggestion.anchorText}” to ${suggestion.target.title || suggestion.target.url}.`);
  };

  const busy = load.state === "loading";
  return (
    <section className="link-suggestions" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="link-suggestions-heading">
        <h2 id={headingId}>Internal links</h2>
        <button type="button" className="secondary outline" disabled={disabled || busy} aria-busy={busy || undefined} onClick={find}>
          {load.state === "idle" ? "Suggest links" : "Suggest again"}
        </button>
      </div>
      {load.state === "idle" && (
        <p className="link-suggestions-note">Phrases of this article that could link to your own published posts.</p>
      )}
      {load.state === "failed" && (
        <RequestError
          message={`Could not load link suggestions: ${load.message}`}
          fix={load.fix}
          onDismiss={() => setLoad({ state: "idle" })}
        />
      )}
      {load.state === "ready" && load.fallback && <p className="link-suggestions-note">{load.fallback}</p>}
      {load.state === "ready" && load.targets.length === 0 && (
        <p className="link-suggestions-note">
          None of your posts relates to this article yet. Posts are found in your sites' content:{" "}
          <Link href="/wordpress-sites">refresh it on the WordPress Sites page</Link>.
        </p>
      )}
      {load.state === "ready" && load.targets.length > 0 && suggestions.length === 0 && (
        <p className="link-suggestions-note">
          No phrase of the text matches your related posts (or they are all linked already).
        </p>
      )}
      {load.state === "ready" && suggestions.length > 0 && (
        <ul>
          {suggestions.map((suggestion) => {
            const { target, anchorText } = suggestion;
            const name = target.title || target.url;
            return (
              <li key={target.id}>
                <span className="link-suggestion-anchor">“{anchorText}”</span>
                <span aria-hidden="true" className="link-suggestion-arrow" />
                <a href={target.url} target="_blank" rel="noopener noreferrer">
                  {name}
                </a>
                <button
                  type="button"
                  className="secondary"
                  disabled={disabled}
                  aria-label={`Insert link to ${name} on “${anchorText}”`}
                  onClick={() => insert(load.matcher, suggestion)}
                >
                  Insert link
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
