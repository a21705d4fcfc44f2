import { seoReportSchema, type SeoReport } from "@contracts/seo";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { SeoReport };

export const SEO_FAILURE_MESSAGE = "Failed to complete SEO analysis. Please try again.";

/**
 * The SEO report of a page (the `seo-analysis` function): its measured
 * audit, and the sections the model wrote from it. Throws an Error carrying
 * the server's message (e.g. why the page could not be fetched), else the
 * spec's failure message.
 */
export async function requestSeoAnalysis(url: string): Promise<SeoReport> {
  const { data, error } = await supabase.functions.invoke("seo-analysis", { body: { url } });
  if (error) throw await requestFailure(error, SEO_FAILURE_MESSAGE);
  const parsed = seoReportSchema.safeParse(data);
  if (!parsed.success) throw new Error(SEO_FAILURE_MESSAGE);
  return parsed.data;
}
