export { LinkRelevanceForm } from "./LinkRelevanceForm";
export { LinkSuggestions } from "./LinkSuggestions";
export { listSiteContentSyncs, syncSiteContent } from "./data/siteContent";
export type { SiteContentSync } from "./data/siteContent";
