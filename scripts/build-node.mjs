// npm run build:node (part of npm run build): server.ts and scripts/worker.ts compiled
// and bundled into build/node/, so `npm start` and `npm run worker` run plain node with
// nothing to transpile at start (issue 14). Packages stay in node_modules; only the
// project's own files (relative imports and tsconfig's `~/` paths) go into the bundle.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts", "scripts/worker.ts"],
  outdir: "build/node",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Modules imported with import() (the minter, the dispatcher, the mail transports) become chunks of their own,
  // loaded when first used: bundled inline, their packages would load at start.
  splitting: true,
  logLevel: "warning",
  plugins: [
    {
      name: "packages-external",
      setup(builder) {
        builder.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
});
