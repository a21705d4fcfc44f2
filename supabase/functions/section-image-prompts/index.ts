import { assistantFinder } from "../_shared/ai/assistants.ts";
import { textFunctionDependencies } from "../_shared/ai/text_function.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { createHandler } from "./handler.ts";

const textDependencies = textFunctionDependencies();
Deno.serve(
  servePerCaller(createHandler, (caller) => ({ ...textDependencies(caller), findAssistant: assistantFinder(caller.client) })),
);
