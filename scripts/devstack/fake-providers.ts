/**
 * `npm run try`: the project's fake AI providers as the deployment's own
 * (scripts/devstack/start.ts --fakes).
 */
export interface FakeProviders {
  /** What the functions get: the providers' base URLs and the allowlist for fal's loopback images. */
  env: { OPENAI_BASE_URL: string; OPENROUTER_BASE_URL: string; FAL_BASE_URL: string; PRIVATE_HOST_ALLOWLIST: string };
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
  const [{ startFakeOpenAI }, { startFakeFal }] = await Promise.all([
    import("../../supabase/functions/_testing/fakes/openai_server.ts"),
    import("../../supabase/functions/_testing/fakes/fal_server.ts"),
  ]);
  const openai = startFakeOpenAI({ firstTokenDelayMs: 400, tokensPerSecond: 120 });
  const openrouter = startFakeOpenAI({ flavour: "openrouter", firstTokenDelayMs: 400, tokensPerSecond: 120 });
  const fal = await startFakeFal();
  const allowlist = [env.get("PRIVATE_HOST_ALLOWLIST"), new URL(fal.url).host].filter(Boolean).join(",");
  return {
    env: {
      OPENAI_BASE_URL: openai.url,
      OPENROUTER_BASE_URL: openrouter.url,
      FAL_BASE_URL: fal.url,
      PRIVATE_HOST_ALLOWLIST: allowlist,
    },
    lines: [
      `  AI providers       fakes on loopback (OpenAI ${openai.url}, OpenRouter ${openrouter.url}, fal.ai ${fal.url}):`,
      "                     store any key in Profile, e.g. sk-try-me and fal-try-me",
    ],
    close: async () => {
      await Promise.all([openai.close(), openrouter.close(), fal.close()]);
    },
  };
}

