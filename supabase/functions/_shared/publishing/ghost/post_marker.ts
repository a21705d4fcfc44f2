/**
 * How a Ghost post carries its publication's marker, and how it is found
 * again (exactly-once creates: ../steps.ts RemoteCreateGuard).
 *
 * The marker is an internal tag, `#inkpress-<uuid>`, sent with every create
 * and update so that it stays on the post. A tag whose name starts with `#`
 * is internal: never shown by themes, and its slug becomes `hash-<rest>`
 * (ghost/core/core/server/models/tag.js onSaving: "name: #later slug:
 * hash-later"). Tags sent by name are created with the post
 * (serializers/input/posts.js). Lookup: `GET posts/?filter=tag:'hash-inkpress-<uuid>'`;
 * `tag` expands to `tags.slug` (@tryghost/nql-filter-expansions), and the
 * Admin API's browse returns every status (draft, scheduled, published,
 * sent) unless the filter names one (serializers/input/posts.js
 * forceStatusFilter). Ghost has no trash: a deleted post is gone.
 *
 * Why not the alternatives: the slug is the user's
 * (a token in it would change the post's address); `uuid` cannot be set on
 * create; an HTML comment in the body does not reliably survive Ghost's
 * HTML→Lexical conversion. The cost is one internal tag per published post,
 * listed under Tags → Internal tags in Ghost Admin.
 */
import type { GhostClient } from "./admin_api.ts";

/** The internal tag's name. */
export function markerTagName(marker: string): string {
  return `#inkpress-${marker.toLowerCase()}`;
}

/** The slug Ghost gives that tag. */
export function markerTagSlug(marker: string): string {
  return `hash-inkpress-${marker.toLowerCase()}`;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The id and current `updated_at` of the post carrying `marker`, or null. Throws GhostError. */
export async function findMarkedPost(
  client: GhostClient,
  marker: string,
): Promise<{ id: string; updatedAt: string } | null> {
  const answer = await client.request<{ posts?: Array<{ id?: unknown; updated_at?: unknown }> }>({
    path: "posts/",
    query: { filter: `tag:'${markerTagSlug(marker)}'`, fields: "id,updated_at", limit: 5, order: "created_at asc" },
  });
  const post = answer.posts?.find((candidate) =>
    typeof candidate.id === "string" && OBJECT_ID.test(candidate.id) && typeof candidate.updated_at === "string"
  );
  return post ? { id: post.id as string, updatedAt: post.updated_at as string } : null;
}
