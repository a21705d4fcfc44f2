export { AssistantPicker } from "./create/AssistantPicker";
export type { AssistantsLoad } from "./create/AssistantPicker";
export { parseDateTimeLocal, toDateTimeLocal } from "./edit/localDateTime";
