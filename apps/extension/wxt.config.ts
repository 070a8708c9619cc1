import { readFileSync } from "node:fs";
import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { defineConfig } from "wxt";
import { flipsideOrigin, originPattern } from "./src/lib/origin.ts";

/**
 * React DOM in a file of its own: `web-ext lint` warns about its `innerHTML` assignments (the
 * dangerouslySetInnerHTML path, which this code never takes: biome's recommended rules refuse the
 * prop), and scripts/build.mjs lets those through in that file only. Only the pages' build is
 * split; the background and content scripts are single files (IIFE), which take no chunks.
 */
function reactDomChunk(): Plugin {
  return {
    name: "flipside:react-dom-chunk",
    outputOptions(options) {
      if (options.format !== "es") return null;
      return {
        ...options,
        codeSplitting: {
          groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
        },
      };
    },
  };
}

/**
 * The Flipside browser extension (docs/extension.md). Built for Chromium and Firefox from the same
 * sources; `npm run build:extension` (scripts/build.mjs) builds, zips and lints both.
 */
const rootPackage = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};
/** Baked in at build time (FLIPSIDE_ORIGIN): the one origin the extension talks to and has access to. */
const origin = flipsideOrigin(process.env.WXT_FLIPSIDE_ORIGIN);

export default defineConfig({
  srcDir: "src",
  // Where builds go: `.output` (README), or a folder of the browser tests' own.
  outDir: process.env.FLIPSIDE_EXTENSION_OUT_DIR || ".output",
  manifestVersion: 3,
  imports: false,
  zip: { name: "flipside", artifactTemplate: "{{name}}-{{version}}-{{browser}}.zip", zipSources: false },
  vite: () => ({ plugins: [tailwindcss(), reactDomChunk()] }),
  manifest: ({ browser }) => ({
    name: "Flipside",
    short_name: "Flipside",
    description:
      "The other side of the page you are on: what people say about it — comments, reviews, related pages and your notes.",
    version: rootPackage.version,
    homepage_url: origin,
    icons: {
      16: "icon/16.png",
      32: "icon/32.png",
      48: "icon/48.png",
      96: "icon/96.png",
      128: "icon/128.png",
    },
    action: { default_title: "Flip this page", default_icon: { 16: "icon/16.png", 32: "icon/32.png" } },
    // Each one is justified in apps/extension/README.md#permissions.
    permissions: ["tabs", "storage", "contextMenus", ...(browser === "firefox" ? [] : ["sidePanel"])],
    host_permissions: [originPattern(origin)],
    commands:
      browser === "firefox"
        ? {
            _execute_sidebar_action: {
              suggested_key: { default: "Alt+Shift+F" },
              description: "Open Flipside for this page",
            },
          }
        : {
            _execute_action: {
              suggested_key: { default: "Alt+Shift+F" },
              description: "Open Flipside for this page",
            },
          },
    content_security_policy: {
      extension_pages: [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        `connect-src ${origin}`,
        `frame-src ${origin}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
    },
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: "extension@flipside",
              strict_min_version: "142.0",
              data_collection_permissions: { required: ["browsingActivity", "websiteContent"] },
            },
          },
        }
      : { minimum_chrome_version: "116" }),
  }),
});
