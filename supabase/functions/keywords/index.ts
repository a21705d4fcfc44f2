import { serviceTextDeps } from "../_shared/ai/text_function.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { createHandler } from "./handler.ts";

Deno.serve(createHandler(serviceTextDeps(createServiceClient())));
