import { servePerCaller } from "../_shared/platform/caller.ts";
import { createHandler } from "./handler.ts";
import { createSupabaseDeps } from "./supabase_deps.ts";

Deno.serve(servePerCaller(createHandler, createSupabaseDeps()));
