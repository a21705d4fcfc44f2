export { AssistantPicker } from "./create/AssistantPicker";
export { parseDateTimeLocal, toDateTimeLocal } from "./edit/localDateTime";
export { writeArticleHref } from "./create/articlePrefill";
export { OutlineEditor } from "./create/OutlineEditor";
export { outlineItem, type OutlineItem, outlineRequest, type OutlineError } from "./create/outline";
