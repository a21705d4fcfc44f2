import { createHandler } from "./handler.ts";
import { createSupabaseDeps } from "./supabase_deps.ts";

Deno.serve(createHandler(createSupabaseDeps()));
