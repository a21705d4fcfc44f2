export { useKeywordResearch } from "./researchStore";
