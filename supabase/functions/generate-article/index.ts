import { serviceTextDeps } from "../_shared/ai/text_function.ts";
import { linkTargetFinder } from "../_shared/links/link_targets.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { assistantFinder } from "../_shared/ai/assistants.ts";
import { createHandler } from "./handler.ts";

const service = createServiceClient();
Deno.serve(
  createHandler({
    ...serviceTextDeps(service),
    findAssistant: assistantFinder(service),
    findLinkTargets: linkTargetFinder(service, undefined, "generate-article"),
  }),
);
