/** What scripts/testing/integration/functions-stack.ts prints once it serves (shared with its Node-side starter). */
export const FUNCTIONS_STACK_READY_PREFIX = "FUNCTIONS_STACK_READY ";

export type FunctionsStackInfo = {
  /** The project URL: the local backend's API and /functions/v1 on one origin, as a hosted project has. */
  projectUrl: string;
  /** The functions runtime itself (its gateway answers /functions/v1/<name>). */
  functionsUrl: string;
  /**
   * Reports what the fakes received: GET /wordpress/requests, /wordpress/media,
   * /fal/requests, /openai/requests, /openrouter/requests, /ollama/requests,
   * /dataforseo/requests, /audited-site/requests, /logs; POST /openai/settings
   * `{ plan?, firstTokenDelayMs?, parallel?, requestLimit? }` sets the fake
   * OpenAI's plan, pace and limits.
   * Crash tests: POST /wordpress/hold-create holds the answer to the next
   * post create after the post is saved; GET /wordpress/held waits for that
   * post `{ id, title }`; POST /wordpress/release lets the answer go; POST
   * /functions/<name>/kill kills that function's process (SIGKILL).
   * POST /wordpress/settings `{ responseDelayMs }` sets the fake WordPress's
   * pace (every request answered after that long; null: at once); GET
   * /wordpress/posts lists all its posts `{ id, title, status, modified }`
   * (the REST API pages them by 100).
   * GET /ghost/posts lists the fake Ghost's posts `{ id, title, status, tags }`.
   */
  controlUrl: string;
  wordpress: { origin: string; restRoot: string; username: string; applicationPassword: string };
  /** The fake Ghost: its site address (a custom integration's API URL) and Admin API key. */
  ghost: { origin: string; adminApiKey: string };
  falUrl: string;
  /** The deployment's OPENAI_BASE_URL (the fake OpenAI). */
  openaiUrl: string;
  /** The deployment's OPENROUTER_BASE_URL (the fake OpenRouter). */
  openrouterUrl: string;
  /** A fake local Ollama a user may name as their own server (on PRIVATE_HOST_ALLOWLIST, as an operator would allow it). */
  ollamaUrl: string;
  /** The fake DataForSEO (its account: FAKE_DATAFORSEO_LOGIN / FAKE_DATAFORSEO_PASSWORD). */
  dataForSeoUrl: string;
  /** The website the SEO audit may fetch (allowlisted for the functions). */
  auditedSiteUrl: string;
};
