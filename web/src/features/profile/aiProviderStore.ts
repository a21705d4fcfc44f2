import { proxy, ref, subscribe, useSnapshot } from "valtio";
import type { ModelList } from "@contracts/ai_provider";
import { getProviderSettings, listModels, type ProviderSettings } from "./data/aiProvider";
import { sessionState } from "../auth/index";

type LoadState = "idle" | "loading" | "ready" | "failed";

/**
 * The user's AI provider and its model list, shared by Profile, the
 * assistant form and the Internal links setting, so the list is asked for
 * once per page view (the server caches it per user for a day).
 */
export const aiProvider = proxy({
  settings: null as ProviderSettings | null,
  settingsState: "idle" as LoadState,
  /** Replaced whole, never mutated. */
  models: null as ReturnType<typeof ref<ModelList>> | null,
  modelsState: "idle" as LoadState,
  modelsError: null as string | null,
  /** Bumped when the stored text key changed elsewhere (a provider change removes it). */
  keysVersion: 0,
});

let owner = sessionState.user?.id ?? null;

/** Security: one user's provider must not show after another signs in on the same tab. */
subscribe(sessionState, () => {
  const current = sessionState.user?.id ?? null;
  if (current === owner) return;
  owner = current;
  aiProvider.settings = null;
  aiProvider.settingsState = "idle";
  aiProvider.models = null;
  aiProvider.modelsState = "idle";
  aiProvider.modelsError = null;
});

/** True until the settings were asked for on this page view. */
export function aiProviderSettingsIdle(): boolean {
  return aiProvider.settingsState === "idle";
}

export async function loadProviderSettings(): Promise<void> {
  aiProvider.settingsState = "loading";
  try {
    aiProvider.settings = await getProviderSettings();
    aiProvider.settingsState = "ready";
  } catch (error) {
    console.error("Loading the AI provider settings failed", error);
    aiProvider.settingsState = "failed";
  }
}

/** The provider's models; `refresh` asks the provider again instead of the day's cached list. */
export async function loadModels(refresh = false): Promise<void> {
  if (aiProvider.modelsState === "loading") return;
  aiProvider.modelsState = "loading";
  aiProvider.modelsError = null;
  try {
    aiProvider.models = ref(await listModels(refresh));
    aiProvider.modelsState = "ready";
  } catch (error) {
    aiProvider.modelsError = error instanceof Error ? error.message : "Could not load the provider's models";
    aiProvider.modelsState = "failed";
  }
}

/** The stored keys changed behind the API Keys form's back (a provider change removed one). */
export function keysChanged(): void {
  aiProvider.keysVersion += 1;
}

/** After the provider or its key changed: what was known about its models no longer holds. */
export function forgetModels(): void {
  aiProvider.models = null;
  aiProvider.modelsState = "idle";
  aiProvider.modelsError = null;
}

export function useAiProvider() {
  return useSnapshot(aiProvider);
}
