export { listConnectedSites } from "./data/sites";
export type { ConnectedSite } from "./data/sites";
