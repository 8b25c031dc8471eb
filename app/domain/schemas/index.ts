export * from "./card";
export * from "./common";
export * from "./name";
export * from "./twin";
export { formatPath, issuesToDetails, parseInput } from "./parse";
export * from "./api-key";
export * from "./chain";
export * from "./event";
export * from "./issuing-rule";
