import { randomBytes } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { iconSprite } from "./icon-sprite.ts";

/**
 * One id per build, shared by the client and server bundles. React Router may evaluate this
 * config more than once in the same process, so the id lives in the environment, not in a local.
 */
function buildId(): string {
  process.env.FLIPSIDE_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  return process.env.FLIPSIDE_BUILD_ID;
}

/**
 * Writes `builds/latest.json` into the client build and gives the client its own build id, so a
 * running tab can notice that a newer version was deployed (docs/web-app.md#new-versions-and-failures).
 */
function buildManifest(): Plugin {
  const id = buildId();
  return {
    name: "flipside:build-manifest",
    config() {
      return { define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(id) } };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({
        type: "asset",
        fileName: "builds/latest.json",
        source: `${JSON.stringify({ id, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * The small building blocks nearly every screen uses, kept in one chunk. Left to itself the
 * bundler cuts them by which routes import each one, so every new screen that uses a few of them
 * re-cut the page view's scripts into more, smaller chunks, each costing bytes of its own
 * (issue 9: the websites pages added 0.4 KB to the page view without adding any of its code;
 * issue 11: the report dialog's opener and the account-roles check did the same, 0.8 KB). The
 * live stream and the bell's count (issue 13) are on every page view too. So are the shell's
 * link, logo, colour-mode switch and navigation retry, each its own chunk until issue 22: every
 * chunk boundary costs an import naming a hashed file, which compression cannot shrink.
 */
const SHARED_UI = {
  name: "shared-ui",
  test: /app[\\/](components[\\/]ui[\\/](badge|button|time-ago|avatar|input|textarea|empty-state|icons|skeleton|card|tabs)\.tsx|lib[\\/](relative-time|cn|api|toast|live-events|unread-notifications|navigation-retry)\.ts|components[\\/]shell[\\/](copy-link|user-content|app-link|logo|color-mode-switch)\.tsx|components[\\/](report[\\/]report|share[\\/]share|follow[\\/]follow-button)\.tsx)$|packages[\\/]contracts[\\/]src[\\/](roles|page-paths|live-constants)\.ts$/,
};

/**
 * The parts the front page and the page view share (the search box, favicons, page names): one
 * chunk rather than the several the bundler would cut, now that the front page's own code is
 * fetched on its own (a page view does not load it).
 */
const DISCUSSION_PARTS = {
  name: "discussion-parts",
  test: /app[\\/]features[\\/]discussion[\\/](search-box|search-input|page-favicon|page-meta|discussion-state)\.tsx?$/,
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildManifest(), iconSprite()],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    rolldownOptions: {
      output: {
        // zod comes only with a form's rules (decision 013); its chunk is named for what it is.
        codeSplitting: {
          groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]/ }, SHARED_UI, DISCUSSION_PARTS],
        },
      },
    },
  },
});
