import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { connectGhostSite, GhostConnectionError } from "./ghostSites";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const DETAILS = {
  name: "Ghost journal",
  admin_url: "https://journal.example.com",
  admin_api_key: `6a1b2c3d4e5f60718293a4b5:${"0f".repeat(32)}`,
};

const SITE = {
  id: "ghost-1",
  user_id: "user-1",
  kind: "ghost",
  name: "Ghost journal",
  site_url: "https://journal.example.com/",
  username: null,
  base_url: "https://journal.example.com/ghost/api/admin/",
  seo_plugin: null,
  created_at: "2026-11-24 13:57:40.852+00",
  updated_at: "2026-11-24 13:57:40.852+00",
};

const invokeReturns = (result: { data: unknown; error: unknown }) =>
  vi.mocked(supabase.functions.invoke).mockResolvedValueOnce(result as never);
const httpError = (status: number, body: unknown) =>
  new FunctionsHttpError(new Response(JSON.stringify(body), { status }));

describe("connectGhostSite", () => {
  it("sends the form to ghost-connect and returns the saved row", async () => {
    invokeReturns({ data: { site: SITE }, error: null });
    expect(await connectGhostSite(DETAILS)).toEqual(SITE);
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith("ghost-connect", { body: DETAILS });
  });

  it("turns a failed test (422) into a GhostConnectionError for its field", async () => {
    const message = "Could not find the Ghost Admin API at this address. Please enter the API URL shown in your Ghost custom integration.";
    invokeReturns({ data: null, error: httpError(422, { error: message, field: "admin_url", reason: "not_ghost" }) });
    const error = await connectGhostSite(DETAILS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GhostConnectionError);
    expect(error).toMatchObject({ message, field: "admin_url" });
  });

  it("passes on the server's message otherwise, and refuses an answer that is not a site", async () => {
    invokeReturns({ data: null, error: httpError(400, { error: "name: Site name is required", field: "name" }) });
    await expect(connectGhostSite(DETAILS)).rejects.toThrow("name: Site name is required");
    invokeReturns({ data: { site: { ...SITE, kind: "medium" } }, error: null });
    await expect(connectGhostSite(DETAILS)).rejects.toThrow("Failed to connect Ghost site");
  });
});
