import { Link } from "wouter";
import type { PublishArticleResult } from "./data/publishing";

const helpLink = <Link href="/wordpress-sites">WordPress Sites page</Link>;

/** What became of the meta description and focus keyword. */
function SeoReport({ result }: { result: PublishArticleResult }) {
  switch (result.seo) {
    case "written":
      return <p>SEO fields written.</p>;
    case "none":
      return null;
    case "partial":
      return (
        <p>
          {result.seoMessage} See the help on the {helpLink}.
        </p>
      );
    case "not_supported":
      return (
        <p>
          This site does not accept SEO fields — see the help on the {helpLink}.
          {result.seoMessage && (
            <>
              <br />
              <small>{result.seoMessage}</small>
            </>
          )}
        </p>
      );
  }
}

/**
 * What a publish did, in words: the spec's "Article published successfully!"
 * for a new live post; otherwise whether the post was updated or saved as a
 * draft, and what that means for a post that was live.
 */
export function publishOutcome(
  result: Pick<PublishArticleResult, "status" | "updated">,
  siteName: string,
  wasLive: boolean,
): { headline: string; detail: string } {
  if (result.status === "publish") {
    if (!result.updated) return { headline: "Article published successfully!", detail: `A new post is live on ${siteName}.` };
    return { headline: `Post updated on ${siteName}`, detail: wasLive ? "It stays live." : "It is live now." };
  }
  const headline = `Saved as a draft on ${siteName}`;
  if (!result.updated) return { headline, detail: "A new draft post: not public until it is published." };
  return { headline, detail: wasLive ? "The post is no longer live." : "The existing draft was updated." };
}

/** What a successful publish did: created or updated, live or draft, where, and the SEO fields. */
export function PublishResult({
  result,
  siteName,
  wasLive,
}: {
  result: PublishArticleResult;
  siteName: string;
  wasLive: boolean;
}) {
  const { headline, detail } = publishOutcome(result, siteName, wasLive);
  return (
    <div className="publish-result">
      <p>
        <strong>{headline}</strong>
      </p>
      <p>
        {detail}{" "}
        {result.link && (
          <a href={result.link} target="_blank" rel="noopener noreferrer">
            View Post
          </a>
        )}
      </p>
      <SeoReport result={result} />
      {result.warnings.length > 0 && (
        <ul className="publish-warnings">
          {result.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
