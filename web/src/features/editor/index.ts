export { AssistantPicker } from "./create/AssistantPicker";
export { parseDateTimeLocal, toDateTimeLocal } from "./edit/localDateTime";
