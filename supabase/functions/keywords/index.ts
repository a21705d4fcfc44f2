import { textFunctionDependencies } from "../_shared/ai/text_function.ts";
import { servePerCaller } from "../_shared/platform/caller.ts";
import { createHandler } from "./handler.ts";

Deno.serve(servePerCaller(createHandler, textFunctionDependencies()));
