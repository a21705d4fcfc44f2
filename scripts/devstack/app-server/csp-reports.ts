import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Where the local servers' Content-Security-Policy sends violation reports
 * (`report-uri`), so a violation shows in the `npm start` / `npm run dev`
 * console, and the end-to-end harness fails a run whose app output has one
 * (every screen the suite visits is checked). Static hosts get no report-uri.
 */
export const CSP_REPORT_PATH = "/__csp-report";

/** The marker the e2e harness looks for in the app's output. */
export const CSP_VIOLATION_MARKER = "CSP violation:";

const MAX_REPORT_BYTES = 16_384;

type CspReport = {
  "document-uri"?: string;
  "effective-directive"?: string;
  "violated-directive"?: string;
  "blocked-uri"?: string;
  "source-file"?: string;
  "line-number"?: number;
};

/** One console line for a report-uri body (`{"csp-report": {…}}`). */
export function describeCspReport(body: string): string {
  let report: CspReport = {};
  try {
    report = (JSON.parse(body) as { "csp-report"?: CspReport })["csp-report"] ?? {};
  } catch {
    return `${CSP_VIOLATION_MARKER} (unreadable report)`;
  }
  const directive = report["effective-directive"] ?? report["violated-directive"] ?? "?";
  const where = report["source-file"] ? ` at ${report["source-file"]}:${report["line-number"] ?? "?"}` : "";
  return `${CSP_VIOLATION_MARKER} ${directive} blocked ${report["blocked-uri"] || "(inline)"} on ${report["document-uri"] ?? "?"}${where}`;
}

/** The report endpoint for the Deno app server. */
export async function cspReportResponse(request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const body = (await request.text()).slice(0, MAX_REPORT_BYTES);
  console.warn(describeCspReport(body));
  return new Response(null, { status: 204 });
}

/** The report endpoint as Connect middleware, for the Vite dev server. */
export function logCspReports(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "POST" }).end();
    return;
  }
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    if (body.length < MAX_REPORT_BYTES) body += chunk;
  });
  req.on("end", () => {
    console.warn(describeCspReport(body.slice(0, MAX_REPORT_BYTES)));
    res.writeHead(204).end();
  });
}
