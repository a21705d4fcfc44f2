import { assistantFinder } from "../_shared/ai/assistants.ts";
import { aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import { textFunctionDependencies } from "../_shared/ai/text_function.ts";
import { linkTargetFinder } from "../_shared/links/link_targets.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { createHandler } from "./handler.ts";

const system = createSystemAccess();
const deployment = aiDeploymentFromEnv();
const textDependencies = textFunctionDependencies(system, deployment);
Deno.serve(
  servePerCaller(createHandler, (caller) => ({
    ...textDependencies(caller),
    findAssistant: assistantFinder(caller.client),
    findLinkTargets: linkTargetFinder(caller.client, system.readTextProvider, deployment, "generate-article"),
  })),
);
