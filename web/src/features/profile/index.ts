/** What other features use of the profile: the model picker over the user's provider's models, and its state. */
export { ModelPicker } from "./ModelPicker";
export { aiProviderSettingsIdle, loadModels, loadProviderSettings, useAiProvider } from "./aiProviderStore";
