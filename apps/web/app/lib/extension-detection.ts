import { EXTENSION_REPLY_TIMEOUT_MS } from "@flipside/contracts/constants";
import {
  EXTENSION_PING,
  EXTENSION_PROTOCOL_VERSION,
  type ExtensionPing,
  isExtensionPong,
} from "@flipside/contracts/extension-protocol";

/** The part of `window` detection needs; a fake one is enough in tests. */
export interface MessageWindow {
  location: { origin: string };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/** docs/web-app.md#extension-detection: `curl=0` skips detection and counts the extension as installed. */
export function skipsExtensionDetection(search: string): boolean {
  return new URLSearchParams(search).get("curl") === "0";
}

/**
 * Posts a ping to this window (the extension's content script listens there) and waits up to
 * `timeoutMs` for a pong from the same window and origin. Resolves false on timeout or abort.
 */
export function detectExtension(
  win: MessageWindow,
  timeoutMs: number = EXTENSION_REPLY_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (installed: boolean) => {
      clearTimeout(timer);
      win.removeEventListener("message", onMessage);
      signal?.removeEventListener("abort", onAbort);
      resolve(installed);
    };
    // Only our own window and origin count: another frame must not be able to claim it.
    const onMessage = (event: MessageEvent) => {
      if (event.source === win && event.origin === win.location.origin && isExtensionPong(event.data))
        finish(true);
    };
    const onAbort = () => finish(false);
    win.addEventListener("message", onMessage);
    signal?.addEventListener("abort", onAbort);
    timer = setTimeout(() => finish(false), timeoutMs);
    const ping: ExtensionPing = { type: EXTENSION_PING, version: EXTENSION_PROTOCOL_VERSION };
    win.postMessage(ping, win.location.origin);
  });
}
