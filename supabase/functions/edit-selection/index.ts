import { aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import { articleLanguageFinder } from "../_shared/ai/article_language.ts";
import { textFunctionDependencies } from "../_shared/ai/text_function.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { createHandler } from "./handler.ts";

const textDependencies = textFunctionDependencies(createSystemAccess(), aiDeploymentFromEnv());
Deno.serve(
  servePerCaller(createHandler, (caller) => ({
    ...textDependencies(caller),
    findArticleLanguage: articleLanguageFinder(caller.client),
  })),
);
