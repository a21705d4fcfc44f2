import { useEffect } from "react";
import { proxy, ref, subscribe, useSnapshot } from "valtio";
import { listConnectedSites } from "../sites/index";
import { sessionState } from "../auth/index";
import { DEFAULT_SEO_SETTINGS, loadSeoSettings, saveSeoSettings, type SeoSettings } from "./data/seoSettings";

type Load = "idle" | "loading" | "ready" | "failed";

/**
 * What every SEO view shares for the signed-in user: their settings, and
 * the host names of their connected sites (links there are internal). Both
 * are loaded once per user and session, on first use.
 */
export const seoState = proxy<{
  settings: SeoSettings;
  settingsLoad: Load;
  siteHosts: string[];
  siteHostsLoad: Load;
}>({ settings: DEFAULT_SEO_SETTINGS, settingsLoad: "idle", siteHosts: [], siteHostsLoad: "idle" });

let owner = sessionState.user?.id ?? null;
let settingsRequest: Promise<void> | null = null;
let siteHostsRequest: Promise<void> | null = null;

/** Security: another sign-in on the same tab must not see (or keep using) the previous user's settings. */
subscribe(sessionState, () => {
  const current = sessionState.user?.id ?? null;
  if (current === owner) return;
  owner = current;
  settingsRequest = null;
  siteHostsRequest = null;
  Object.assign(seoState, { settings: DEFAULT_SEO_SETTINGS, settingsLoad: "idle", siteHosts: [], siteHostsLoad: "idle" });
});

/** Loads the settings once; the defaults stand in until then (and if loading fails). */
export function ensureSeoSettings(): Promise<void> {
  settingsRequest ??= (async () => {
    seoState.settingsLoad = "loading";
    try {
      seoState.settings = ref(await loadSeoSettings());
      seoState.settingsLoad = "ready";
    } catch (error) {
      console.error("Loading the SEO settings failed", error);
      seoState.settingsLoad = "failed";
      settingsRequest = null;
    }
  })();
  return settingsRequest;
}

function hostOf(siteUrl: string): string | null {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return null;
  }
}

/** Loads the connected sites' host names once. */
export function ensureSiteHosts(): Promise<void> {
  siteHostsRequest ??= (async () => {
    seoState.siteHostsLoad = "loading";
    try {
      const sites = await listConnectedSites();
      seoState.siteHosts = sites.map((site) => hostOf(site.site_url)).filter((host): host is string => host !== null);
      seoState.siteHostsLoad = "ready";
    } catch (error) {
      console.error("Loading the connected sites for the SEO checks failed", error);
      seoState.siteHostsLoad = "failed";
      siteHostsRequest = null;
    }
  })();
  return siteHostsRequest;
}

/** Saves the settings; every SEO view follows them at once. */
export async function changeSeoSettings(userId: string, settings: SeoSettings): Promise<void> {
  await saveSeoSettings(userId, settings);
  seoState.settings = ref(settings);
  seoState.settingsLoad = "ready";
}

/** The score under which Publish warns (the default until the settings load). */
export function useSeoWarningLevel(): number {
  useEffect(() => {
    void ensureSeoSettings();
  }, []);
  return useSnapshot(seoState).settings.publishWarningBelow;
}

export function useSeoState() {
  return useSnapshot(seoState);
}
