import { textFunctionDependencies } from "../_shared/ai/text_function.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { auditPage } from "../_shared/seo/audit_page.ts";
import { createHandler } from "./handler.ts";

const textDependencies = textFunctionDependencies();

Deno.serve(servePerCaller(createHandler, (caller) => ({
  ...textDependencies(caller),
  audit: (url: string, signal: AbortSignal) => auditPage(url, { fetch: guardedFetch }, signal),
})));
