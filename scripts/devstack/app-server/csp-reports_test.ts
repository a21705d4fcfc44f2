import assert from "node:assert/strict";
import { cspReportResponse, describeCspReport, MAX_REPORT_BYTES, reportPrinter } from "./csp-reports.ts";

const report = (fields: Record<string, unknown>) => JSON.stringify({ "csp-report": fields });

Deno.test("describeCspReport: control characters and bidirectional overrides are replaced, long fields cut", () => {
  const line = describeCspReport(report({
    "effective-directive": "script-src\n[app] Signed in as admin",
    "blocked-uri": "https://evil.test/\u001b[2J\u001b[1;1H",
    "document-uri": `http://app.test/\u202Egnp.exe${"x".repeat(1000)}`,
    "source-file": { nested: true },
    "line-number": "3\r\n4",
  }));
  assert.equal(line.split("\n").length, 1, "one line, whatever the report holds");
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  const documentUri = `http://app.test/\uFFFDgnp.exe${"x".repeat(1000)}`.slice(0, 300);
  assert.equal(
    line,
    `CSP violation: script-src\uFFFD[app] Signed in as admin blocked https://evil.test/\uFFFD[2J\uFFFD[1;1H on ${documentUri}… at ?:3\uFFFD\uFFFD4`,
  );
  assert.ok(line.length < 1_000, `${line.length} characters`);
  assert.equal(describeCspReport('{"csp-report": "nope"}'), "CSP violation: ? blocked (inline) on ?");
  assert.equal(describeCspReport("not json"), "CSP violation: (unreadable report)");
});

Deno.test("reportPrinter: at most N lines a minute, then how many were left out", () => {
  const printed: string[] = [];
  let clock = 0;
  const print = reportPrinter((line) => printed.push(line), 3, () => clock);
  for (let i = 0; i < 10; i++) print(`report ${i}`);
  clock = 60_000;
  print("report 10");
  assert.deepEqual(printed, ["report 0", "report 1", "report 2", "7 more CSP reports in the last minute were not printed", "report 10"]);
});

Deno.test("cspReportResponse: a body over the cap is refused unread, a slow one at the deadline", async () => {
  const printed: string[] = [];
  const print = (line: string) => void printed.push(line);
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://app.test/__csp-report", { method: "POST", body, headers });

  const declared = await cspReportResponse(post("{}", { "Content-Length": String(300 * 1024 * 1024) }), { print });
  assert.equal(declared.status, 413);

  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(4096));
    },
  });
  const streamed = await cspReportResponse(post(endless), { print });
  assert.equal(streamed.status, 413);
  assert.ok(pulled * 4096 <= MAX_REPORT_BYTES + 3 * 4096, `read ${pulled * 4096} bytes`);

  const slow = new ReadableStream<Uint8Array>({ start(controller) { controller.enqueue(new TextEncoder().encode("{")); } });
  const started = performance.now();
  assert.equal((await cspReportResponse(post(slow), { print, deadlineMs: 200 })).status, 408);
  assert.ok(performance.now() - started < 10_000);

  assert.equal((await cspReportResponse(post(report({ "effective-directive": "img-src" })), { print })).status, 204);
  const get = await cspReportResponse(new Request("http://app.test/__csp-report"), { print });
  assert.equal(get.status, 405);
  assert.deepEqual(printed, ["CSP violation: img-src blocked (inline) on ?"]);
});
