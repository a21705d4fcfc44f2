import type * as z from "zod";
import {
  connectSiteRequestSchema,
  webhookSecretText,
} from "../../../../supabase/functions/_shared/schemas/wordpress";

/** The Connect WordPress Site form: the rules of `wordpress-connect`, with every input a string. */
export const siteFormSchema = connectSiteRequestSchema.omit({ dryRun: true }).extend({ webhook_secret: webhookSecretText });

export type SiteFormValues = z.input<typeof siteFormSchema>;

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: "",
  site_url: "",
  username: "",
  application_password: "",
  webhook_secret: "",
};
