import { createHandler, productionDependencies } from "./handler.ts";

Deno.serve(createHandler(productionDependencies()));
