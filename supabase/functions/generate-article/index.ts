import { serviceTextDeps } from "../_shared/ai/text_function.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { assistantFinder } from "../_shared/ai/assistants.ts";
import { createHandler } from "./handler.ts";

const service = createServiceClient();
Deno.serve(createHandler({ ...serviceTextDeps(service), findAssistant: assistantFinder(service) }));
