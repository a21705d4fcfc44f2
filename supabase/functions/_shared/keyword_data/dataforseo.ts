/**
 * The one way out to DataForSEO: a small fetch client for its v3 API (the
 * official `dataforseo-client` package is 75 MB). Every call to DataForSEO
 * goes through `postLive`.
 *
 * Wire format (https://docs.dataforseo.com/v3/appendix/errors; provider-sources.md
 * §5.1): HTTP Basic auth with the account's API login and password; the
 * POST body is a JSON array holding one task (Live endpoints take one task
 * per call); the answer is an envelope `{ status_code, status_message, cost,
 * tasks: [{ status_code, status_message, cost, result: [...] }] }`. The
 * servers answer 200 unless the credentials are refused (401), the balance
 * is short (402), the path is unknown (404) or they fail (500): a 200 is
 * only a success when both the envelope's and the task's status_code are
 * 20000.
 *
 * The base URL is fixed by the deployment (DATAFORSEO_BASE_URL, default
 * https://api.dataforseo.com; the sandbox is https://sandbox.dataforseo.com),
 * never by a user, so these requests do not go through the SSRF guard.
 */

export const DATAFORSEO_BASE_URL = "https://api.dataforseo.com";
export const DATAFORSEO_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface DataForSeoCredentials {
  login: string;
  password: string;
}

export interface DataForSeoOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What went wrong, as the user can act on it. */
export type DataForSeoProblem =
  | "credentials"
  | "unverified"
  | "balance"
  | "spending-limit"
  | "rate-limit"
  | "invalid-request"
  | "unavailable"
  | "timeout";

const PROBLEM_MESSAGES: Record<DataForSeoProblem, string> = {
  credentials: "DataForSEO refused the login and password. Check them in Profile Settings (API access, not the dashboard password).",
  unverified: "DataForSEO asks you to verify your account first (app.dataforseo.com).",
  balance: "Your DataForSEO balance is too low for this request. Top it up at app.dataforseo.com.",
  "spending-limit": "Your DataForSEO daily spending limit is reached. Raise it at app.dataforseo.com or try tomorrow.",
  "rate-limit": "DataForSEO is receiving too many requests from your account. Try again in a minute.",
  "invalid-request": "DataForSEO refused the request",
  unavailable: "DataForSEO is not answering right now. Try again later.",
  timeout: "DataForSEO did not answer in time. Try again.",
};

/** A refusal or failure of DataForSEO. `cost` is what it charged anyway (some task errors are billed). */
export class DataForSeoError extends Error {
  override name = "DataForSeoError";
  constructor(
    readonly problem: DataForSeoProblem,
    message: string,
    readonly statusCode: number | null = null,
    readonly cost = 0,
  ) {
    super(message);
  }
}

function failure(problem: DataForSeoProblem, statusCode: number | null = null, detail?: string, cost = 0): DataForSeoError {
  const base = PROBLEM_MESSAGES[problem];
  return new DataForSeoError(problem, detail ? `${base}: ${detail}` : base, statusCode, cost);
}

/**
 * Maps DataForSEO's internal status codes (envelope or task) to a problem:
 * 40104 unverified account (issue every-app/open-seo#305: "Please verify your
 * account before using the API"); 40200 and 40210 balance (classified as
 * billing in every-app/open-seo's dataforseoBillingClassification.ts);
 * 40202 per-minute rate limit and 40203 the account's cost limit
 * (dataforseo.com help center: "The cost limit has been exceeded"); 401xx
 * other than 40104 credentials/access; 500xx the service's own failures;
 * anything else (40000 more than one task, 40501 invalid field…) a request
 * DataForSEO refused, with its message.
 */
export function problemOf(statusCode: number): DataForSeoProblem {
  if (statusCode === 40104) return "unverified";
  if (statusCode === 40200 || statusCode === 40210) return "balance";
  if (statusCode === 40202) return "rate-limit";
  if (statusCode === 40203) return "spending-limit";
  if (statusCode >= 40100 && statusCode < 40200) return "credentials";
  if (statusCode >= 50000) return "unavailable";
  return "invalid-request";
}

interface Envelope<Result> {
  status_code?: unknown;
  status_message?: unknown;
  cost?: unknown;
  tasks?: {
    status_code?: unknown;
    status_message?: unknown;
    cost?: unknown;
    result?: Result[] | null;
  }[] | null;
}

const asNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const asText = (value: unknown) => (typeof value === "string" ? value.slice(0, 300) : "");

export interface LiveAnswer<Result> {
  result: Result[];
  /** What DataForSEO charged for the call (the envelope's `cost`, USD). */
  cost: number;
}

/**
 * POSTs one task to a Live endpoint (`path` like
 * "/v3/dataforseo_labs/google/keyword_suggestions/live") and returns the
 * task's result. Throws DataForSeoError with a message for the user.
 */
export async function postLive<Result>(
  path: string,
  task: Record<string, unknown>,
  credentials: DataForSeoCredentials,
  options: DataForSeoOptions = {},
): Promise<LiveAnswer<Result>> {
  const { baseUrl = DATAFORSEO_BASE_URL, fetch: fetchImpl = fetch, timeoutMs = DATAFORSEO_TIMEOUT_MS } = options;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${credentials.login}:${credentials.password}`)))}`;

  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(new URL(path, baseUrl), {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify([task]),
      signal,
    });
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_RESPONSE_BYTES) {
      await response.body?.cancel().catch(() => {});
      throw failure("unavailable", null, "the answer was too large");
    }
    text = await response.text();
  } catch (error) {
    if (error instanceof DataForSeoError) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) throw failure("timeout");
    throw failure("unavailable");
  }

  // HTTP statuses DataForSEO uses (appendix/errors): the body is not relied on for these.
  if (response.status === 401 || response.status === 403) throw failure("credentials", response.status);
  if (response.status === 402) throw failure("balance", response.status);
  if (response.status !== 200) throw failure("unavailable", response.status);

  let envelope: Envelope<Result>;
  try {
    envelope = JSON.parse(text) as Envelope<Result>;
  } catch {
    throw failure("unavailable", null, "the answer was not JSON");
  }
  const cost = asNumber(envelope.cost);
  const status = asNumber(envelope.status_code);
  if (status !== 20000) {
    throw failure(problemOf(status), status, problemOf(status) === "invalid-request" ? asText(envelope.status_message) : undefined, cost);
  }
  const first = envelope.tasks?.[0];
  if (!first) throw failure("unavailable", status, "the answer held no task", cost);
  const taskStatus = asNumber(first.status_code);
  if (taskStatus !== 20000) {
    throw failure(problemOf(taskStatus), taskStatus, problemOf(taskStatus) === "invalid-request" ? asText(first.status_message) : undefined, cost);
  }
  return { result: Array.isArray(first.result) ? first.result : [], cost };
}
