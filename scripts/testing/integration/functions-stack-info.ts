/** What scripts/testing/integration/functions-stack.ts prints once it serves (shared with its Node-side starter). */
export const FUNCTIONS_STACK_READY_PREFIX = "FUNCTIONS_STACK_READY ";

export type FunctionsStackInfo = {
  /** The project URL: the local backend's API and /functions/v1 on one origin, as a hosted project has. */
  projectUrl: string;
  /** The functions runtime itself (its gateway answers /functions/v1/<name>). */
  functionsUrl: string;
  /**
   * Reports what the fakes received: GET /wordpress/requests, /wordpress/media,
   * /fal/requests, /openai/requests, /logs; POST /openai/settings
   * `{ plan?, firstTokenDelayMs?, parallel?, requestLimit? }` sets the fake OpenAI's plan, pace and limits.
   */
  controlUrl: string;
  wordpress: { origin: string; restRoot: string; username: string; applicationPassword: string };
  falUrl: string;
  openaiUrl: string;
};
