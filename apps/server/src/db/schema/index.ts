// The one schema both engines use; drizzle-kit reads this file.
export * from "./auth";
export * from "./identities";
export * from "./scans";
export * from "./takedowns";
export * from "./alerts";
export * from "./billing";
export * from "./monitoring";
export * from "./image-index";
export * from "./crawls";
export * from "./impersonation";
export * from "./account-data";
export * from "./autopilot";
