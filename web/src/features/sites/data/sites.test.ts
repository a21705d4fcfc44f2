import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { supabase } from "../../../backend/supabase";
import {
  connectWordPressSite,
  listConnectedSites,
  removeSite,
  SiteConnectionError,
  testWordPressConnection,
  updateWordPressSite,
} from "./sites";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), functions: { invoke: vi.fn() } } }));

const DETAILS = {
  name: "Travel blog",
  site_url: "https://travel.example.com",
  username: "ada",
  application_password: "abcd efgh",
  webhook_secret: "",
};

const SITE = {
  id: "site-1",
  user_id: "user-1",
  kind: "wordpress",
  name: "Travel blog",
  site_url: "https://travel.example.com",
  username: "ada",
  base_url: "https://travel.example.com/wp-json/wp/v2",
  seo_plugin: null,
  created_at: "2026-11-22 13:57:40.852+00",
  updated_at: "2026-11-22 13:57:40.852+00",
};

function httpError(status: number, body: unknown) {
  return new FunctionsHttpError(new Response(JSON.stringify(body), { status }));
}

function invokeReturns(result: { data: unknown; error: unknown }) {
  vi.mocked(supabase.functions.invoke).mockResolvedValue(result as never);
}

describe("listConnectedSites", () => {
  it("selects the sites without secrets, newest first", async () => {
    const query = { select: vi.fn(), order: vi.fn() };
    query.select.mockReturnValue(query);
    query.order.mockResolvedValue({ data: [SITE], error: null });
    vi.mocked(supabase.from).mockReturnValue(query as never);
    expect(await listConnectedSites()).toEqual([SITE]);
    expect(supabase.from).toHaveBeenCalledWith("wordpress_sites");
    const columns = query.select.mock.calls[0][0] as string;
    expect(columns).not.toMatch(/password|secret/);
    expect(query.order).toHaveBeenCalledWith("created_at", { ascending: false });
  });

  it("throws the backend's message", async () => {
    const query = { select: vi.fn(), order: vi.fn() };
    query.select.mockReturnValue(query);
    query.order.mockResolvedValue({ data: null, error: { message: "JWT expired" } });
    vi.mocked(supabase.from).mockReturnValue(query as never);
    await expect(listConnectedSites()).rejects.toThrow("JWT expired");
  });

  it("refuses a row whose seo_plugin the app does not know", async () => {
    const query = { select: vi.fn(), order: vi.fn() };
    query.select.mockReturnValue(query);
    query.order.mockResolvedValue({ data: [{ ...SITE, seo_plugin: "all_in_one" }], error: null });
    vi.mocked(supabase.from).mockReturnValue(query as never);
    await expect(listConnectedSites()).rejects.toThrow(/seo_plugin/);
  });
});

describe("testWordPressConnection / connectWordPressSite", () => {
  it("tests with dryRun, then saves without it", async () => {
    invokeReturns({ data: { ok: true, site_url: SITE.site_url, base_url: SITE.base_url, seo_plugin: null }, error: null });
    await testWordPressConnection(DETAILS);
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("wordpress-connect", {
      body: { ...DETAILS, dryRun: true },
    });
    invokeReturns({ data: { site: SITE }, error: null });
    expect(await connectWordPressSite(DETAILS)).toEqual(SITE);
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("wordpress-connect", {
      body: { ...DETAILS, dryRun: false },
    });
  });

  it("turns a 422 into a SiteConnectionError for the Site URL field", async () => {
    const message = "Could not find WordPress REST API endpoint. Please ensure this is a valid WordPress site with REST API enabled.";
    invokeReturns({ data: null, error: httpError(422, { error: message, field: "site_url", reason: "not_wordpress" }) });
    const error = await testWordPressConnection(DETAILS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteConnectionError);
    expect(error).toMatchObject({ message, field: "site_url" });
  });

  it("passes on the server's message for other failures", async () => {
    invokeReturns({ data: null, error: httpError(400, { error: "name: Site name is required", field: "name" }) });
    await expect(connectWordPressSite(DETAILS)).rejects.toThrow("name: Site name is required");
  });

  it("passes on the rate limit's 429 with when to try again (dry runs count too)", async () => {
    const message = "Too many connection tests: you can run 10 every 10 minutes. Try again in 7 minutes.";
    invokeReturns({ data: null, error: httpError(429, { error: message, retryAfterSeconds: 400 }) });
    const error = await testWordPressConnection(DETAILS).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(SiteConnectionError);
    expect(error).toMatchObject({ message });
  });

  it("falls back to the spec's message", async () => {
    invokeReturns({ data: null, error: new Error("Failed to send a request to the Edge Function") });
    await expect(connectWordPressSite(DETAILS)).rejects.toThrow("Failed to connect WordPress site");
    invokeReturns({ data: { unexpected: true }, error: null });
    await expect(connectWordPressSite(DETAILS)).rejects.toThrow("Failed to connect WordPress site");
  });
});

describe("updateWordPressSite", () => {
  const CHANGES = { name: "Travel notes", username: "ada", application_password: "" };

  it("sends the changes with the site's id to wordpress-connect and returns the saved row", async () => {
    invokeReturns({ data: { site: { ...SITE, name: "Travel notes" } }, error: null });
    expect(await updateWordPressSite("site-1", CHANGES)).toEqual({ ...SITE, name: "Travel notes" });
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("wordpress-connect", {
      body: { action: "update", siteId: "site-1", ...CHANGES },
    });
  });

  it("turns WordPress's refusal into a SiteConnectionError", async () => {
    const message = "Authentication failed. Please check your username and application password.";
    invokeReturns({ data: null, error: httpError(422, { error: message, field: "site_url", reason: "authentication_failed" }) });
    const error = await updateWordPressSite("site-1", CHANGES).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteConnectionError);
    expect(error).toMatchObject({ message });
  });

  it("passes on the server's message (a site removed meanwhile), else the edit form's", async () => {
    const gone = "This site no longer exists. It may have been removed in another tab.";
    invokeReturns({ data: null, error: httpError(404, { error: gone }) });
    await expect(updateWordPressSite("site-1", CHANGES)).rejects.toThrow(gone);
    invokeReturns({ data: null, error: new Error("Failed to send a request to the Edge Function") });
    await expect(updateWordPressSite("site-1", CHANGES)).rejects.toThrow("Failed to update WordPress site");
    invokeReturns({ data: { site: { ...SITE, application_password: "abcd" } }, error: null });
    expect(await updateWordPressSite("site-1", CHANGES)).not.toHaveProperty("application_password");
  });
});

describe("removeSite", () => {
  function deleteReturns(result: { error: unknown; count: number | null }) {
    const eq = vi.fn().mockResolvedValue(result);
    const remove = vi.fn().mockReturnValue({ eq });
    vi.mocked(supabase.from).mockReturnValue({ delete: remove } as never);
    return { remove, eq };
  }

  it("deletes the site by id", async () => {
    const { eq } = deleteReturns({ error: null, count: 1 });
    await removeSite("site-1");
    expect(eq).toHaveBeenCalledWith("id", "site-1");
  });

  it("fails when nothing was deleted or the backend refused", async () => {
    deleteReturns({ error: null, count: 0 });
    await expect(removeSite("site-1")).rejects.toThrow("Site not found");
    deleteReturns({ error: { message: "permission denied" }, count: null });
    await expect(removeSite("site-1")).rejects.toThrow("permission denied");
  });
});
