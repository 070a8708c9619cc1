import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  colorModeScript,
  parseColorModePreference,
  parseForcedColorMode,
  resolveColorMode,
} from "./color-mode.ts";

describe("resolveColorMode", () => {
  it("follows the OS for system, the preference otherwise, and a forced mode above all", () => {
    expect(resolveColorMode("system", true)).toBe("dark");
    expect(resolveColorMode("system", false)).toBe("light");
    expect(resolveColorMode("dark", false)).toBe("dark");
    expect(resolveColorMode("light", true)).toBe("light");
    expect(resolveColorMode("dark", true, "light")).toBe("light");
    expect(resolveColorMode("system", false, "dark")).toBe("dark");
  });

  it("reads unknown stored values as system and ignores unknown forced values", () => {
    expect(parseColorModePreference("sepia")).toBe("system");
    expect(parseColorModePreference(null)).toBe("system");
    expect(parseColorModePreference("dark")).toBe("dark");
    expect(parseForcedColorMode("system")).toBeUndefined();
    expect(parseForcedColorMode("light")).toBe("light");
  });
});

/** Runs the pre-paint script against a fake document, storage and media query. */
function runScript(stored: string | null, systemDark: boolean, forced: string | null, storageThrows = false) {
  const classes = new Set<string>(["stale", "light"]);
  const html = {
    getAttribute: (name: string) => (name === "data-color-mode-forced" ? forced : null),
    classList: {
      remove: (...names: string[]) => {
        for (const n of names) classes.delete(n);
      },
      add: (name: string) => classes.add(name),
    },
    style: { colorScheme: "" },
  };
  const window = {
    matchMedia: (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark }),
  };
  runInNewContext(colorModeScript, {
    document: { documentElement: html },
    window,
    matchMedia: window.matchMedia,
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("denied");
        return key === "nuxt-color-mode" ? stored : null;
      },
    },
  });
  return {
    classes: [...classes].filter((c) => c === "light" || c === "dark"),
    scheme: html.style.colorScheme,
  };
}

describe("the pre-paint script", () => {
  it("applies the stored preference under the key nuxt-color-mode", () => {
    expect(runScript("dark", false, null)).toEqual({ classes: ["dark"], scheme: "dark" });
    expect(runScript("light", true, null)).toEqual({ classes: ["light"], scheme: "light" });
  });

  it("follows the OS when the preference is system, missing or unreadable", () => {
    expect(runScript("system", true, null).classes).toEqual(["dark"]);
    expect(runScript(null, true, null).classes).toEqual(["dark"]);
    expect(runScript(null, false, null).classes).toEqual(["light"]);
    expect(runScript("dark", false, null, true).classes).toEqual(["light"]);
  });

  it("lets a forced page mode win", () => {
    expect(runScript("dark", true, "light").classes).toEqual(["light"]);
    expect(runScript("light", false, "dark").classes).toEqual(["dark"]);
  });
});
