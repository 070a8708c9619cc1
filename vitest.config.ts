import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default keeps a core for its own process, which is nearly idle: on a 2-core machine
    // that ran the unit and API suites one file at a time (API suite: 132 s, with two: 90 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/api/src/lib/**/*.test.ts",
            "apps/extension/src/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          exclude: ["apps/api/src/lib/**"],
          globalSetup: ["apps/api/test/global-setup.ts"],
          environment: "node",
          // Each file builds its own app on its own database and shares no module state, so the
          // workers keep their imports between files: importing the app anew for every one of
          // them was half the suite's time (228 s isolated, 121 s not).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/fixtures/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
