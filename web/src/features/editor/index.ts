export { AssistantPicker } from "./create/AssistantPicker";
export { parseDateTimeLocal, toDateTimeLocal } from "./edit/localDateTime";
export { writeArticleHref } from "./create/articlePrefill";
