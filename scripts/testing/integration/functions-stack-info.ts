/** What scripts/testing/integration/functions-stack.ts prints once it serves (shared with its Node-side starter). */
export const FUNCTIONS_STACK_READY_PREFIX = "FUNCTIONS_STACK_READY ";

export type FunctionsStackInfo = {
  /** The project URL: the local backend's API and /functions/v1 on one origin, as a hosted project has. */
  projectUrl: string;
  /** The functions runtime itself (its gateway answers /functions/v1/<name>). */
  functionsUrl: string;
  /**
   * Reports what the fakes received: GET /wordpress/requests, /wordpress/media,
   * /fal/requests, /openai/requests, /dataforseo/requests, /audited-site/requests, /logs; POST /openai/settings
   * `{ plan?, firstTokenDelayMs? }` sets the fake OpenAI's plan and pace.
   */
  controlUrl: string;
  wordpress: { origin: string; restRoot: string; username: string; applicationPassword: string };
  falUrl: string;
  openaiUrl: string;
  /** The fake DataForSEO (its account: FAKE_DATAFORSEO_LOGIN / FAKE_DATAFORSEO_PASSWORD). */
  dataForSeoUrl: string;
  /** The website the SEO audit may fetch (allowlisted for the functions). */
  auditedSiteUrl: string;
};
