/**
 * The page ↔ extension messages (docs/extension-protocol.md): the web app asks whether the
 * Flipside extension is installed, the extension's content script answers. One definition for
 * both sides.
 */
export const EXTENSION_PING = "flipside:ping";
export const EXTENSION_PONG = "flipside:pong";
export const EXTENSION_PROTOCOL_VERSION = 1;

export interface ExtensionPing {
  type: typeof EXTENSION_PING;
  version: typeof EXTENSION_PROTOCOL_VERSION;
}

export interface ExtensionPong {
  type: typeof EXTENSION_PONG;
  /** The extension's own version: informational. */
  version: string;
}

export function isExtensionPing(data: unknown): data is ExtensionPing {
  return typeof data === "object" && data !== null && "type" in data && data.type === EXTENSION_PING;
}

export function isExtensionPong(data: unknown): data is ExtensionPong {
  return typeof data === "object" && data !== null && "type" in data && data.type === EXTENSION_PONG;
}
