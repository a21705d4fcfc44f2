import { Link } from "wouter";
import type { PublishArticleResult } from "../../data/publishing";

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

/** What a successful publish did: where the post is, new or updated, and the SEO fields. */
export function PublishResult({ result, siteName }: { result: PublishArticleResult; siteName: string }) {
  const kind = result.status === "publish" ? "post" : "draft";
  return (
    <div className="publish-result">
      <p>
        <strong>Article published successfully!</strong>
      </p>
      <p>
        {result.updated ? `Updated the existing ${kind} on ${siteName}.` : `Created a new ${kind} on ${siteName}.`}{" "}
        <a href={result.link} target="_blank" rel="noopener noreferrer">
          View Post
        </a>
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
