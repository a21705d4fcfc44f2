import * as z from "zod";
import {
  connectSiteRequestSchema,
  WEBHOOK_SECRET_MAX_LENGTH,
} from "../../../../supabase/functions/_shared/schemas/wordpress";

/** The Connect WordPress Site form: the rules of `wordpress-connect`, with every input a string. */
export const siteFormSchema = connectSiteRequestSchema.omit({ dryRun: true }).extend({
  webhook_secret: z
    .string()
    .trim()
    .max(WEBHOOK_SECRET_MAX_LENGTH, `Webhook secret must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters`),
});

export type SiteFormValues = z.input<typeof siteFormSchema>;
export type SiteFormOutput = z.output<typeof siteFormSchema>;

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: "",
  site_url: "",
  username: "",
  application_password: "",
  webhook_secret: "",
};
