/**
 * How a WordPress post carries its publication's marker, and how it is found
 * again (exactly-once creates: ../steps.ts RemoteCreateGuard).
 *
 * The marker is a token inside an HTML comment at the end of the content,
 * `<!-- inkpress-pub-<uuid> -->`, sent with every create and update so that
 * it stays on the post. It is invisible on the page (a comment is kept in the
 * page source only). It survives saving: KSES, when it runs at all (authors
 * without `unfiltered_html`), keeps HTML comments and only collapses `--`,
 * which the token never contains (wp-includes/kses.php, wp_kses_split2()'s
 * "Allow HTML comments" branch).
 *
 * Lookup: `GET wp/v2/posts?search=<token>&status=<every status, trash
 * included>&context=edit`. The REST `search` is WP_Query's `s`: split into
 * terms only on space, tab, `"`, `,` and `+` (so the hyphenated token is one
 * term; it must not START with `-`, which would make it an exclusion), each
 * term a `LIKE '%term%'` over post_title, post_excerpt and the raw
 * post_content, comments included (WP_Query::parse_search(),
 * wp-includes/class-wp-query.php). The value is sanitize_text_field()'d,
 * which would strip a whole `<!-- … -->`, so only the bare token is searched
 * (WP_REST_Controller::get_collection_params()). `status=any` leaves out
 * statuses registered with exclude_from_search (trash), so every status is
 * named (WP_REST_Posts_Controller::sanitize_post_statuses() accepts a list).
 * With `context=edit`, `content.raw` comes back, and the token is confirmed in
 * it (a search plugin replacing WP_Query search could match loosely).
 */
import type { WordPressClient } from "./rest.ts";

/** Every post status of a stock WordPress, trash included (`any` would leave trash out). */
export const ALL_POST_STATUSES = "publish,future,draft,pending,private,trash";

/** The searchable token; never starts with `-` and never contains `--`. */
export function markerToken(marker: string): string {
  return `inkpress-pub-${marker.toLowerCase()}`;
}

/** The content as it is sent: the article's HTML, then the marker comment. */
export function markedContent(content: string, marker: string): string {
  return `${content}\n<!-- ${markerToken(marker)} -->`;
}

interface FoundPost {
  id?: unknown;
  content?: { raw?: unknown };
}

/** The post carrying `marker` (the oldest, should there be several), or null. Throws WordPressError. */
export async function findMarkedPost(client: WordPressClient, marker: string): Promise<number | null> {
  const token = markerToken(marker);
  const posts = await client.request<FoundPost[]>({
    route: "wp/v2/posts",
    query: {
      search: token,
      status: ALL_POST_STATUSES,
      context: "edit",
      orderby: "id",
      order: "asc",
      per_page: 10,
      _fields: "id,content",
    },
  });
  if (!Array.isArray(posts)) return null;
  const found = posts.find((post) =>
    typeof post.id === "number" && typeof post.content?.raw === "string" && post.content.raw.includes(token)
  );
  return found ? found.id as number : null;
}
