import type * as z from "zod";
import { connectSiteRequestSchema, newApplicationPassword, updateSiteRequestSchema, webhookSecretText, type ConnectedSite } from "@contracts/sites";

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

/** The Edit WordPress Site form: name, username and (blank keeps it) a new application password. */
export const editSiteFormSchema = updateSiteRequestSchema
  .omit({ siteId: true })
  .extend({ application_password: newApplicationPassword });

export type EditSiteFormValues = z.input<typeof editSiteFormSchema>;

export function editSiteValuesOf(site: ConnectedSite): EditSiteFormValues {
  return { name: site.name, username: site.username ?? "", application_password: "" };
}
