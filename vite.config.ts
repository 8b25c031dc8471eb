import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";
import { bundleOfRoute } from "./server/server-bundles";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * /v1/docs loads nothing from outside the app (decision 0034), but Redoc's bundle draws its attribution logo
 * from Redocly's CDN. The page's CSP would block it; this takes the address out of the copy the build emits,
 * so the browser never tries. The build fails if the bundle no longer has exactly that one address.
 */
function redocWithoutCdn(): Plugin {
  const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
  const BLANK = `"data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}"`;
  return {
    name: "twin-cards:redoc-without-cdn",
    apply: "build",
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !/\/redoc\.standalone-[\w-]+\.js$/.test(`/${file.fileName}`)) continue;
        const source = String(file.source);
        const found = source.split(CDN_LOGO).length - 1;
        if (found !== 1)
          this.error(`Redoc's bundle has ${found} copies of ${CDN_LOGO} (expected 1): check what it loads from outside before upgrading`);
        file.source = source.replace(CDN_LOGO, BLANK);
      }
    },
  };
}

/** The admin home's chart component and the libraries only it uses. */
const CHARTS =
  /\/node_modules\/(@shopify\/polaris-viz(-core)?|d3-[a-z-]+|internmap|@react-spring|@juggle|use-debounce|fast-deep-equal)\/|\/GlanceCharts\.client\.tsx$/;

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
      // The API's routes in a bundle of their own, so serving them never loads the pages' code (server/server-bundles.ts).
      serverBundles: ({ branch }) => bundleOfRoute(branch),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: false,
      },
    }),
    tsconfigPaths(),
    redocWithoutCdn(),
    // Brotli (quality 11) and gzip (level 9) copies of the browser's JS and CSS,
    // served by express-static-gzip (server.ts): smaller than on-the-fly compression, and no CPU per request.
    !isSsrBuild && compression({ include: /\.(js|css)$/, algorithms: ["brotliCompress", "gzip"] }),
  ],
  build: {
    assetsInlineLimit: 0,
    // The browser's JS in few files: every library in one (React, Remix, Polaris: each admin page needs most
    // of it), the app's shared components in another, then each route's own code. Left to itself Rollup made
    // 15-30 small shared chunks per page, and each costs a round trip on a slow connection (Lighthouse's LCP).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks(id: string) {
              // The admin home's charts (polaris-viz, d3, react-spring) load with the home page only.
              if (CHARTS.test(id)) return "charts";
              if (id.includes("/node_modules/")) return "vendor";
              if (id.includes("/app/faces/admin/components/")) return "components";
            },
          },
        },
  },
}));
