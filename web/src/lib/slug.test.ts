import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { slugify } from "@contracts/slug";
import { slugField } from "./slug";

const messageOf = (schema: z.ZodMiniType, value: string) => {
  const result = z.safeParse(schema, value);
  return result.success ? { value: result.data } : { error: result.error.issues.map((issue) => issue.message) };
};

describe("slugField", () => {
  const required = slugField("Slug is required");
  const optional = slugField();

  it.each([
    ["my-first-post", "my-first-post"],
    ["  My First Post ", "my-first-post"],
    ["my_first_post", "my-first-post"],
  ])("accepts %j as %j", (typed, saved) => {
    expect(messageOf(required, typed)).toEqual({ value: saved });
  });

  it.each(["my post!!", "crème-brûlée", "a/b", "post?id=1"])("refuses %j with the slug message", (typed) => {
    expect(messageOf(required, typed)).toEqual({
      error: ["Slug may contain only lowercase letters, numbers and hyphens"],
    });
  });

  it("requires a slug only when told to", () => {
    expect(messageOf(required, "  ")).toEqual({ error: ["Slug is required"] });
    expect(messageOf(optional, "  ")).toEqual({ value: "" });
    expect(messageOf(optional, "Hello World")).toEqual({ value: "hello-world" });
  });

  it("accepts what slugify makes of a title or a model's slug", () => {
    expect(messageOf(required, slugify("10 Tips for Crème Brûlée!"))).toEqual({ value: "10-tips-for-creme-brulee" });
  });
});
