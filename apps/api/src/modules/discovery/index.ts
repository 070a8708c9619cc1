/** Discovery's public surface (docs/discovery.md): trending and popular pages. */
export { type Discovery, discoveryPlugin } from "./discovery.plugin.ts";
export type { Ranked } from "./ranked.ts";
