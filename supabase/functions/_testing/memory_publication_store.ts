/**
 * Test support: a PublicationStore in memory for one (article, site) pair,
 * keeping the claim as migration 20261204000100_publication_claims.sql keeps
 * it (one holder at a time; a record or a release gives it back; a create
 * announced under a claim that is no longer held is refused) and the
 * publication as the record functions leave it (a success becomes
 * `previous`; a create stays "may exist" until a remote post is recorded).
 * It does not imitate the SQL beyond that: the SQL itself is tested in the
 * pgTAP suite and through the functions in tests/integration.
 */
import {
  type ArticleRecord,
  PublicationClaimedError,
  type PublicationFailureRecord,
  type PublicationRecord,
  type PublicationStore,
  type PublicationSuccess,
  type SiteRecord,
} from "../_shared/publishing/publication.ts";
import { ClaimLostError } from "../_shared/publishing/steps.ts";

export const TEST_MARKER = "0b5c7a4e-1d2f-4a3b-9c8d-7e6f5a4b3c2d";

export interface MemoryPublicationStore extends PublicationStore {
  successes: PublicationSuccess[];
  failures: PublicationFailureRecord[];
  /** What the database holds for the pair; a recorded success replaces it. */
  previous: PublicationRecord | null;
  marker: string;
  /** remote_create_started_at is set: a create was announced and no remote post recorded since. */
  earlierCreateMayExist: boolean;
  /** The token holding the pair (`claim-1`, `claim-2`, … in order), or null. */
  holder: string | null;
  /** Tokens that announced a create, and tokens given back without a record. */
  announced: string[];
  released: string[];
}

export function memoryPublicationStore(lookups: {
  findArticle(userId: string, articleId: string): Promise<ArticleRecord | null>;
  findSite(userId: string, siteId: string): Promise<SiteRecord | null>;
}): MemoryPublicationStore {
  let claims = 0;
  const giveBack = (token: string | undefined) => {
    if (token && store.holder === token) store.holder = null;
  };
  const store: MemoryPublicationStore = {
    successes: [],
    failures: [],
    previous: null,
    marker: TEST_MARKER,
    earlierCreateMayExist: false,
    holder: null,
    announced: [],
    released: [],
    findArticle: (userId, articleId) => lookups.findArticle(userId, articleId),
    findSite: (userId, siteId) => lookups.findSite(userId, siteId),
    claim(_key, { token }) {
      if (token ? store.holder !== token : store.holder !== null) {
        return Promise.reject(new PublicationClaimedError("manual", "2026-12-04 10:02:00+00"));
      }
      store.holder = token ?? `claim-${++claims}`;
      return Promise.resolve({
        token: store.holder,
        marker: store.marker,
        earlierCreateMayExist: store.earlierCreateMayExist,
        previous: store.previous,
      });
    },
    beginRemoteCreate(token) {
      if (store.holder !== token) return Promise.reject(new ClaimLostError());
      store.announced.push(token);
      store.earlierCreateMayExist = true;
      return Promise.resolve();
    },
    release(token) {
      store.released.push(token);
      giveBack(token);
      return Promise.resolve();
    },
    recordSuccess(success) {
      store.successes.push(success);
      store.previous = {
        remote_post_id: success.remotePostId,
        remote_post_ref: success.remotePostRef,
        featured_media_id: success.featuredMediaId,
        featured_media_source_url: success.featuredMediaSourceUrl,
      };
      store.earlierCreateMayExist = false;
      giveBack(success.claimToken);
      return Promise.resolve();
    },
    recordFailure(failure) {
      store.failures.push(failure);
      if (failure.remotePostId || failure.remotePostRef) {
        store.earlierCreateMayExist = false;
        store.previous = {
          remote_post_id: failure.remotePostId ?? store.previous?.remote_post_id ?? null,
          remote_post_ref: failure.remotePostRef ?? store.previous?.remote_post_ref ?? null,
          featured_media_id: failure.featuredMediaId ?? store.previous?.featured_media_id ?? null,
          featured_media_source_url: failure.featuredMediaSourceUrl ?? store.previous?.featured_media_source_url ?? null,
        };
      }
      giveBack(failure.claimToken);
      return Promise.resolve();
    },
  };
  return store;
}
