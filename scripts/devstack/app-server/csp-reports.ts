import type { IncomingMessage, ServerResponse } from "node:http";
import { readBoundedBody } from "../local-backend/request-body.ts";

/**
 * Where the local servers' Content-Security-Policy sends violation reports
 * (`report-uri`), so a violation shows in the `npm start` / `npm run dev`
 * console, and the end-to-end harness fails a run whose app output has one
 * (every screen the suite visits is checked). Static hosts get no report-uri.
 */
export const CSP_REPORT_PATH = "/__csp-report";

/** The marker the e2e harness looks for in the app's output. */
export const CSP_VIOLATION_MARKER = "CSP violation:";

/**
 * The endpoint takes anyone's POST (a browser sends reports without
 * credentials), so it is bounded: a body over MAX_REPORT_BYTES is refused
 * (413) without being read further, one that does not arrive within
 * REPORT_DEADLINE_MS is dropped (408), every field printed is cut to
 * MAX_FIELD_CHARS with control and bidirectional-override characters
 * replaced (a report cannot forge or hide console lines), and at most
 * REPORTS_PER_MINUTE lines are printed a minute (then one line saying how
 * many were left out).
 */
export const MAX_REPORT_BYTES = 16_384;
export const REPORT_DEADLINE_MS = 5_000;
const MAX_FIELD_CHARS = 300;
export const REPORTS_PER_MINUTE = 60;

type CspReport = {
  "document-uri"?: string;
  "effective-directive"?: string;
  "violated-directive"?: string;
  "blocked-uri"?: string;
  "source-file"?: string;
  "line-number"?: number;
};

/** C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides and isolates. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A report's field as it may be printed: a string or number, cut short, nothing that moves the cursor or the text. */
function printable(value: unknown, fallback: string): string {
  if (typeof value !== "string" && typeof value !== "number") return fallback;
  const text = String(value).replace(UNPRINTABLE, "\uFFFD");
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}…` : text || fallback;
}

/** One console line for a report-uri body (`{"csp-report": {…}}`). */
export function describeCspReport(body: string): string {
  let report: CspReport = {};
  try {
    const parsed = (JSON.parse(body) as { "csp-report"?: unknown })?.["csp-report"];
    report = parsed && typeof parsed === "object" ? parsed as CspReport : {};
  } catch {
    return `${CSP_VIOLATION_MARKER} (unreadable report)`;
  }
  const directive = printable(report["effective-directive"] ?? report["violated-directive"], "?");
  const where = report["source-file"]
    ? ` at ${printable(report["source-file"], "?")}:${printable(report["line-number"], "?")}`
    : "";
  return `${CSP_VIOLATION_MARKER} ${directive} blocked ${printable(report["blocked-uri"], "(inline)")} on ${
    printable(report["document-uri"], "?")
  }${where}`;
}

/** Prints at most `perMinute` lines a minute, then how many it left out. */
export function reportPrinter(print: (line: string) => void, perMinute = REPORTS_PER_MINUTE, now = () => Date.now()) {
  let windowStart = now();
  let printed = 0;
  let dropped = 0;
  return (line: string) => {
    if (now() - windowStart >= 60_000) {
      if (dropped > 0) print(`${dropped} more CSP reports in the last minute were not printed`);
      windowStart = now();
      printed = 0;
      dropped = 0;
    }
    if (printed < perMinute) {
      printed++;
      print(line);
    } else dropped++;
  };
}

const printReport = reportPrinter((line) => console.warn(line));

/** The report endpoint for the app server. */
export async function cspReportResponse(
  request: Request,
  { print = printReport, deadlineMs = REPORT_DEADLINE_MS } = {},
): Promise<Response> {
  if (request.method !== "POST") {
    await request.body?.cancel();
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const body = await readBoundedBody(request, MAX_REPORT_BYTES, deadlineMs);
  if (body && "status" in body) return new Response(null, { status: body.status, headers: { Connection: "close" } });
  print(describeCspReport(new TextDecoder().decode(body ?? new Uint8Array())));
  return new Response(null, { status: 204 });
}

/** The report endpoint as Connect middleware, for the Vite dev server; bounded the same way. */
export function logCspReports(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "POST" }).end();
    return;
  }
  const refuse = (status: number) => {
    clearTimeout(deadline);
    if (!res.headersSent) res.writeHead(status, { Connection: "close" }).end();
    req.destroy();
  };
  const deadline = setTimeout(() => refuse(408), REPORT_DEADLINE_MS);
  if (Number(req.headers["content-length"]) > MAX_REPORT_BYTES) return refuse(413);
  const chunks: Buffer[] = [];
  let length = 0;
  req.on("data", (chunk: Buffer) => {
    length += chunk.length;
    if (length > MAX_REPORT_BYTES) return refuse(413);
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (res.headersSent) return;
    clearTimeout(deadline);
    printReport(describeCspReport(Buffer.concat(chunks).toString("utf8")));
    res.writeHead(204).end();
  });
}
