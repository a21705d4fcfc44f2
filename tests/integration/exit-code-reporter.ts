import type { Reporter, TestRunEndReason } from "vitest/node";

/**
 * PGlite (the local backend runs in this process) writes process.exitCode as
 * it runs, so a clean run could exit 99. Vitest sets 1 when a test failed and
 * leaves the code alone otherwise: a clean run says so here.
 */
export default class ExitCodeReporter implements Reporter {
  onTestRunEnd(_modules: unknown, _errors: unknown, reason: TestRunEndReason): void {
    if (reason === "passed") process.exitCode = 0;
  }
}
