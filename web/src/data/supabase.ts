import { createClient } from "@supabase/supabase-js";
import type { Database } from "../../../supabase/functions/_shared/database.types";

/**
 * The one Supabase client of the app. Only modules in `web/src/data/` use it.
 * Without VITE_SUPABASE_URL the API is expected on the app's own origin (the
 * local stack and `npm run preview` serve both together). Typed with the
 * `Database` generated from the migrations (`npm run gen:types`), so every
 * query's columns and rows are checked against the schema.
 */
export const supabase = createClient<Database>(
  import.meta.env.VITE_SUPABASE_URL || window.location.origin,
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY,
);
