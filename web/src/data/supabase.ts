import { createClient } from "@supabase/supabase-js";

/** The one Supabase client of the app. Only modules in `web/src/data/` use it. */
export const supabase = createClient(
  import.meta.env.VITE_SUPABASE_URL,
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY,
);
