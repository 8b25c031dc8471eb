/**
 * The Remix server build in two bundles (vite.config.ts, decision 0042): **api** — `/v1` and
 * `/healthz`, loaded at start — and **app** — every page (admin, storefront proxy, customer
 * account), with React's renderer, Polaris and Shopify's library, loaded on the first request
 * for one. A process that only serves the API never loads the pages' code.
 */
export type ServerBundle = "api" | "app";

const API_ROUTE_PATH = /^(v1|healthz)(\/|$)/i;
// Also a single-fetch data request for one of them (`/healthz.data`).
const API_REQUEST_PATH = /^\/(v1|healthz)(\/|\.data$|$)/i;

/** The bundle of a route, from the paths of the routes leading to it (Remix's `serverBundles` branch). */
export const bundleOfRoute = (branch: { path?: string }[]): ServerBundle =>
  branch.some((route) => API_ROUTE_PATH.test(route.path ?? "")) ? "api" : "app";

/** The bundle whose routes answer a request for `pathname`. */
export const bundleOfRequest = (pathname: string): ServerBundle => (API_REQUEST_PATH.test(pathname) ? "api" : "app");

/** Where the production build puts a bundle, relative to the working directory. */
export const bundleFile = (bundle: ServerBundle): string => `build/server/${bundle}/index.js`;
