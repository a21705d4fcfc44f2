/** Test support: console.error captured while a test runs. */
/** Runs `test` with every console.error line collected in `logs`; console.error is restored afterwards. */
export async function withCapturedErrors<T>(test: (logs: string[]) => Promise<T>): Promise<T> {
  const logs: string[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => logs.push(args.map(String).join(" "));
  try {
    return await test(logs);
  } finally {
    console.error = originalError;
  }
}
