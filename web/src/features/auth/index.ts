export { initSession, recheckSession, sessionState, signOut, useUser, useVerifiedSession } from "./session";
export { SNAPSHOT_ATTRIBUTE, takeOverSignInSnapshot } from "./signInSnapshotHandover";
export { default as LoginPage } from "./LoginPage";
export { changePassword, WrongPasswordError } from "./data/auth";
