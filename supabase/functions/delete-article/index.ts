import { servePerCaller } from "../_shared/platform/caller.ts";
import { createHandler, productionDependencies } from "./handler.ts";

Deno.serve(servePerCaller(createHandler, productionDependencies()));
