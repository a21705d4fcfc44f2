import { describe, expect, it } from "vitest";

describe("zodWithoutEval", () => {
  it("makes zod, imported afterwards, parse without eval", async () => {
    await import("./zodWithoutEval");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
