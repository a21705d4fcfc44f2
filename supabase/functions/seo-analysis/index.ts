import { serviceTextDeps } from "../_shared/openai.ts";
import { createServiceClient } from "../_shared/supabase.ts";
import { createHandler } from "./handler.ts";

Deno.serve(createHandler(serviceTextDeps(createServiceClient())));
