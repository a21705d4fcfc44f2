import { createClient } from "@supabase/supabase-js";

/**
 * The one Supabase client of the app. Only modules in `web/src/data/` use it.
 * Without VITE_SUPABASE_URL the API is expected on the app's own origin (the
 * local stack and `npm run preview` serve both together).
 */
export const supabase = createClient(
  import.meta.env.VITE_SUPABASE_URL || window.location.origin,
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY,
);
