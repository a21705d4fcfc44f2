export { listAssistantChoices } from "./data/assistants";
export type { AssistantSummary } from "./data/assistants";
