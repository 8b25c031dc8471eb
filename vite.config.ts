import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
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
    // Brotli (quality 11) and gzip (level 9) copies of the browser's JS and CSS,
    // served by express-static-gzip (server.ts): smaller than on-the-fly compression, and no CPU per request.
    !isSsrBuild && compression({ include: /\.(js|css)$/, algorithms: ["brotliCompress", "gzip"] }),
  ],
  build: {
    assetsInlineLimit: 0,
    // The browser's JS in few files: every library in one (React, Remix, Polaris: each admin page needs most
    // of it), the app's shared components in another, then each route's own code. Left to itself Rollup made
    // 15-30 small shared chunks per page, and each costs a round trip on a slow connection (Lighthouse's LCP).
    rollupOptions: isSsrBuild ? {} : {
      output: {
        manualChunks(id: string) {
          if (id.includes("/node_modules/")) return "vendor";
          if (id.includes("/app/faces/admin/components/")) return "components";
        },
      },
    },
  },
}));
