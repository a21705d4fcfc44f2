export { useKeywordResearch } from "./researchStore";
export { KeywordDataProviderForm } from "./keywords/KeywordDataProviderForm";
