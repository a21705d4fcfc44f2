import { serviceTextDeps } from "../_shared/ai/text_function.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { auditPage } from "../_shared/seo/audit_page.ts";
import { createHandler } from "./handler.ts";

Deno.serve(createHandler({
  ...serviceTextDeps(createServiceClient()),
  audit: (url, signal) => auditPage(url, { fetch: guardedFetch }, signal),
}));
