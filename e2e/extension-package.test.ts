import { readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "./fixtures/extension.ts";
import { REPO_ROOT } from "./fixtures/server.ts";

/**
 * `npm run build:extension` as a release runs it (issue 23, apps/extension/README.md): both
 * browsers' unpacked builds and zips, versioned with the app, for the server named at build time,
 * with the fewest permissions and a strict CSP, and `web-ext lint` clean on the Firefox build.
 */

const ORIGIN = "https://flipside.example";
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;
let outDir: string;
let output = "";

interface Manifest {
  manifest_version: number;
  version: string;
  permissions: string[];
  host_permissions: string[];
  content_security_policy: { extension_pages: string };
  content_scripts: { matches: string[] }[];
  side_panel?: { default_path: string };
  sidebar_action?: { default_panel: string };
  background: { service_worker?: string; scripts?: string[] };
  commands: Record<string, unknown>;
  browser_specific_settings?: { gecko: { id: string } };
}

const manifestOf = async (browser: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(outDir, `${browser}-mv3`, "manifest.json"), "utf8"));

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "flipside-extension-package-"));
  const built = await runCommand("npm", ["run", "build:extension"], {
    cwd: REPO_ROOT,
    env: { ...process.env, FLIPSIDE_ORIGIN: ORIGIN, FLIPSIDE_EXTENSION_OUT_DIR: outDir },
  });
  output = built.output;
  const { code } = built;
  expect(code, output).toBe(0);
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe("npm run build:extension", () => {
  it("writes unpacked builds and zips for Chromium and Firefox, versioned with the app", async () => {
    const files = await readdir(outDir);
    expect(files).toEqual(
      expect.arrayContaining([
        "chrome-mv3",
        "firefox-mv3",
        `flipside-${version}-chrome.zip`,
        `flipside-${version}-firefox.zip`,
      ]),
    );
    for (const browser of ["chrome", "firefox"]) {
      const manifest = await manifestOf(browser);
      expect(manifest.manifest_version).toBe(3);
      expect(manifest.version).toBe(version);
    }
  });

  it("asks for the fewest permissions, reaches only the server it was built for, and runs no remote code", async () => {
    const chrome = await manifestOf("chrome");
    const firefox = await manifestOf("firefox");
    expect(chrome.permissions.sort()).toEqual(["contextMenus", "sidePanel", "storage", "tabs"]);
    expect(firefox.permissions.sort()).toEqual(["contextMenus", "storage", "tabs"]);
    for (const manifest of [chrome, firefox]) {
      expect(manifest.host_permissions).toEqual(["https://flipside.example/*"]);
      expect(manifest.content_scripts.flatMap((script) => script.matches)).toEqual([
        "https://flipside.example/*",
      ]);
      const csp = manifest.content_security_policy.extension_pages;
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain(`connect-src ${ORIGIN};`);
      expect(csp).toContain(`frame-src ${ORIGIN};`);
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/unsafe-(eval|inline)|\*/);
    }
    expect(chrome.side_panel?.default_path).toBe("sidepanel.html");
    expect(chrome.background.service_worker).toBe("background.js");
    expect(Object.keys(chrome.commands)).toEqual(["_execute_action"]);
    expect(firefox.sidebar_action?.default_panel).toBe("sidepanel.html");
    expect(Object.keys(firefox.commands)).toEqual(["_execute_sidebar_action"]);
    expect(firefox.browser_specific_settings?.gecko.id).toBe("extension@flipside");

    // Every script a page loads is one of the extension's own files.
    for (const page of ["sidepanel.html", "options.html"]) {
      const html = await readFile(join(outDir, "chrome-mv3", page), "utf8");
      for (const [, src] of html.matchAll(/<script[^>]*src="([^"]+)"/g))
        expect(src).toMatch(/^\/[\w/.-]+\.js$/);
    }
  });

  it("passes web-ext lint on the Firefox build (React DOM's own innerHTML aside)", () => {
    const lintLines = output.split("\n").filter((line) => line.startsWith("web-ext lint:"));
    for (const line of lintLines)
      expect(line).toMatch(/UNSAFE_VAR_ASSIGNMENT chunks\/react-dom-.*\(React DOM, allowed\)$/);
    expect(output).toContain(`flipside-${version}-firefox.zip`);
  });
});
