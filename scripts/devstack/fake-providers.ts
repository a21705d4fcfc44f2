/**
 * `npm run try`: the project's fake AI providers as the deployment's own
 * (scripts/devstack/start.ts --fakes), the fake DataForSEO for keyword data,
 * and a small website for the SEO audit.
 */
export interface FakeProviders {
  /**
   * What the functions get: the providers' base URLs, and the allowlist for
   * fal's loopback images and the demo site the SEO audit may fetch.
   */
  env: {
    OPENAI_BASE_URL: string;
    OPENROUTER_BASE_URL: string;
    FAL_BASE_URL: string;
    DATAFORSEO_BASE_URL: string;
    PRIVATE_HOST_ALLOWLIST: string;
  };
  /** For the start-up banner. */
  lines: string[];
  close(): Promise<void>;
}

/**
 * The fake OpenAI, OpenRouter and fal.ai servers of the tests (as strict as
 * the real services), paced like them, as this deployment's providers. Their image URLs are on loopback, which the
 * SSRF guard lets through only when allowlisted.
 */
export async function startFakeProviders(env: Pick<Deno.Env, "get"> = Deno.env): Promise<FakeProviders> {
  const [{ startFakeOpenAI }, { startFakeFal }, dataForSeo, auditedSite] = await Promise.all([
    import("../../supabase/functions/_testing/fakes/openai_server.ts"),
    import("../../supabase/functions/_testing/fakes/fal_server.ts"),
    import("../../supabase/functions/_testing/fakes/dataforseo_server.ts"),
    import("../../supabase/functions/_testing/fakes/audited_site.ts"),
  ]);
  const openai = startFakeOpenAI({ firstTokenDelayMs: 400, tokensPerSecond: 120 });
  const openrouter = startFakeOpenAI({ flavour: "openrouter", firstTokenDelayMs: 400, tokensPerSecond: 120 });
  const fal = await startFakeFal();
  const keywords = dataForSeo.startFakeDataForSeo();
  const site = await auditedSite.startAuditedSite();
  const allowlist = [env.get("PRIVATE_HOST_ALLOWLIST"), new URL(fal.url).host, ...site.allowlist].filter(Boolean).join(",");
  return {
    env: {
      OPENAI_BASE_URL: openai.url,
      OPENROUTER_BASE_URL: openrouter.url,
      FAL_BASE_URL: fal.url,
      DATAFORSEO_BASE_URL: keywords.url,
      PRIVATE_HOST_ALLOWLIST: allowlist,
    },
    lines: [
      `  AI providers       fakes on loopback (OpenAI ${openai.url}, OpenRouter ${openrouter.url}, fal.ai ${fal.url}):`,
      "                     store any key in Profile, e.g. sk-try-me and fal-try-me",
      `  keyword data       a fake DataForSEO (${keywords.url}): in Profile, login ${dataForSeo.FAKE_DATAFORSEO_LOGIN},`,
      `                     password ${dataForSeo.FAKE_DATAFORSEO_PASSWORD}`,
      `  SEO audit          a demo site to audit: ${site.origin}${auditedSite.GOOD_PAGE_PATH} and ${site.origin}${auditedSite.DEFECTIVE_PAGE_PATH}`,
    ],
    close: async () => {
      await Promise.all([openai.close(), openrouter.close(), fal.close(), keywords.close(), site.close()]);
    },
  };
}

