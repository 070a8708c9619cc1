export type BrowserKind = "chromium" | "firefox" | "other";

/** Firefox, a Chromium-based browser (Chrome, Edge, Brave, Opera…), or one the extension is not made for. */
export function browserKindOf(userAgent: string): BrowserKind {
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return "firefox";
  if (/\b(HeadlessChrome|Chrome|Chromium|CriOS|Edg)\//.test(userAgent)) return "chromium";
  return "other";
}
