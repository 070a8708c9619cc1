import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/**
 * The icons the app names (`icon("…")` in app/components/ui/icons.tsx) as one SVG sprite of
 * `<symbol>`s, served as a hashed, immutable asset (decision 018). Pages then say
 * `<use href="/assets/icons-….svg#trash-2">` instead of carrying every icon's paths in their HTML
 * and their scripts. The paths come from lucide-react at build time only.
 */
export function iconSprite(): Plugin {
  // Built once per build or dev server: an icon added to icons.tsx needs a restart of `react-router dev`.
  const sprite = buildSprite();
  let url = "";
  return {
    name: "flipside:icon-sprite",
    async config() {
      const { fileName } = await sprite;
      url = `/${fileName}`;
      return { define: { "import.meta.env.VITE_ICON_SPRITE": JSON.stringify(url) } };
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        if (request.url !== url) return next();
        response.setHeader("Content-Type", "image/svg+xml");
        response.end((await sprite).source);
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, source } = await sprite;
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}

const ICONS_MODULE = new URL("./app/components/ui/icons.tsx", import.meta.url);
const lucide = join(
  dirname(createRequire(import.meta.url).resolve("lucide-react/package.json")),
  "dist/esm/icons",
);

interface IconData {
  node: [string, Record<string, string>][];
}

async function buildSprite(): Promise<{ fileName: string; source: string }> {
  const names = [...(await readFile(ICONS_MODULE, "utf8")).matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map(
    (match) => match[1] as string,
  );
  const symbols = await Promise.all(names.map(async (name) => symbol(name, await iconData(name))));
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return { fileName: `assets/icons-${hash}.svg`, source };
}

/** An alias's module (`trash-2`) only re-exports the icon it names (`trash`): follow it. */
async function iconData(name: string): Promise<IconData> {
  const file = join(lucide, `${name}.mjs`);
  const alias = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(await readFile(file, "utf8"));
  if (alias?.[1]) return iconData(alias[1]);
  const module = (await import(file)) as { __iconData?: IconData };
  if (!module.__iconData) throw new Error(`lucide-react has no icon data for "${name}"`);
  return module.__iconData;
}

function symbol(id: string, { node }: IconData): string {
  const children = node.map(([tag, attributes]) => {
    const list = Object.entries(attributes)
      .filter(([attribute]) => attribute !== "key")
      .map(([attribute, value]) => `${attribute}="${String(value).replaceAll('"', "&quot;")}"`);
    return `<${tag} ${list.join(" ")}/>`;
  });
  return `<symbol id="${id}" viewBox="0 0 24 24">${children.join("")}</symbol>`;
}
