import os from "node:os";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// One real SQLite file per run, shared by the built server the tests talk to and
// by the tests themselves (to arrange state and check what was written).
const databaseFile = path.join(os.tmpdir(), `twin-cards-test-${process.pid}.sqlite`);
process.env.DATABASE_URL = `file:${databaseFile}`;

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/wiring.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
