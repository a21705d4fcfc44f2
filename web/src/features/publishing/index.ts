export { retryScheduledPublication } from "./data/publications";
export type { PublicationStatus } from "./data/publications";
export { RETRY_FAILED, RETRY_QUEUED, remoteStatusLabel } from "./publicationState";
export { LazyPublicationLinks, LazyPublishModal } from "./lazyPublishing";
export { usePostsOnSites, type PostOnSite } from "./postsOnSites";
export { usePastDueOutcome, type PastDueOutcome } from "./scheduleOutcome";
