import { describe, expect, it } from "vitest";
import { EMPTY_SITE_FORM, editSiteFormSchema, siteFormSchema } from "./siteForm";

const valid = {
  name: "My blog",
  site_url: "https://blog.example.com",
  username: "ada",
  application_password: "abcd efgh ijkl mnop qrst uvwx",
  webhook_secret: "",
};

function messages(values: typeof valid) {
  const result = siteFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe("site form", () => {
  it("names every missing required field with the spec's message", () => {
    expect(messages(EMPTY_SITE_FORM)).toEqual({
      name: "Site name is required",
      site_url: "Please enter a valid URL",
      username: "Username is required",
      application_password: "Application password is required",
    });
  });

  it("treats blank text as missing", () => {
    expect(messages({ ...valid, name: "   ", username: " ", application_password: "  " })).toEqual({
      name: "Site name is required",
      username: "Username is required",
      application_password: "Application password is required",
    });
  });

  it.each(["not a url", "ftp://example.com", "javascript:alert(1)", "https://ada:secret@example.com"])(
    "refuses %s as a site URL",
    (site_url) => {
      expect(messages({ ...valid, site_url })).toEqual({ site_url: "Please enter a valid URL" });
    },
  );

  it("completes an address typed without a scheme with https://", () => {
    expect(siteFormSchema.parse({ ...valid, site_url: " blog.example.com/news " }).site_url).toBe(
      "https://blog.example.com/news",
    );
    expect(siteFormSchema.parse({ ...valid, site_url: "localhost:8080" }).site_url).toBe("https://localhost:8080");
  });

  it("accepts http and https addresses, with or without a path", () => {
    for (const site_url of ["https://example.com", "http://127.0.0.1:8080", "https://example.com/blog/"]) {
      expect(messages({ ...valid, site_url })).toEqual({});
    }
  });

  it("keeps the webhook secret optional and trims what is entered", () => {
    expect(siteFormSchema.parse(valid).webhook_secret).toBe("");
    expect(siteFormSchema.parse({ ...valid, webhook_secret: "  s3cret " }).webhook_secret).toBe("s3cret");
    expect(messages({ ...valid, webhook_secret: "x".repeat(501) })).toEqual({
      webhook_secret: "Webhook secret must be at most 500 characters",
    });
  });
});

describe("edit site form", () => {
  it("needs a name and a username; a blank password means keep the stored one", () => {
    expect(editSiteFormSchema.parse({ name: " Blog ", username: "ada", application_password: "  " })).toEqual({
      name: "Blog",
      username: "ada",
      application_password: "",
    });
    const result = editSiteFormSchema.safeParse({ name: "", username: " ", application_password: "" });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      "Site name is required",
      "Username is required",
    ]);
  });
});
