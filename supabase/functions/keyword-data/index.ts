import { rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { DATAFORSEO_BASE_URL } from "../_shared/keyword_data/dataforseo.ts";
import { fetchKeywordSuggestions } from "../_shared/keyword_data/keyword_suggestions.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { createHandler } from "./handler.ts";
import { findCached, recordRequest, spentSince } from "./keyword_data_store.ts";

const system = createSystemAccess();
const rateLimit = rateLimitFromEnv("keywordData", system.rateLimits);
/** DataForSEO's API, or its sandbox or a fake in development and tests; set by the deployment, never by a user. */
const baseUrl = Deno.env.get("DATAFORSEO_BASE_URL") || DATAFORSEO_BASE_URL;

Deno.serve(servePerCaller(createHandler, (caller) => ({
  authenticate: () => caller.authenticate(),
  readProvider: system.readKeywordDataProvider,
  saveProvider: system.saveKeywordDataProvider,
  findCached: findCached(caller.client),
  spentSince: spentSince(caller.client),
  record: recordRequest(system.keywordDataRecords),
  fetchSuggestions: (topic, where, credentials, signal) =>
    fetchKeywordSuggestions(topic, where, credentials, { baseUrl, signal }),
  rateLimit,
  now: () => new Date(),
})));
