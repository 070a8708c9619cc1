import { EXTENSION_PONG, type ExtensionPong, isExtensionPing } from "@flipside/contracts/extension-protocol";
import { browser } from "wxt/browser";
import { defineContentScript } from "wxt/utils/define-content-script";
import { originPattern } from "../lib/origin.ts";
import { ORIGIN } from "../lib/server.ts";

/**
 * Answers the web app's "is the extension installed?" (docs/extension-protocol.md) at once and
 * without touching storage, well inside the 300 ms the app waits. Runs on Flipside's origin only.
 */
export default defineContentScript({
  matches: [originPattern(ORIGIN)],
  runAt: "document_start",
  main() {
    // The match pattern covers every port of the host; only the Flipside origin itself is answered.
    if (location.origin !== ORIGIN) return;
    const pong: ExtensionPong = { type: EXTENSION_PONG, version: browser.runtime.getManifest().version };
    window.addEventListener("message", (event) => {
      if (event.source !== window || event.origin !== location.origin) return;
      if (!isExtensionPing(event.data)) return;
      window.postMessage(pong, location.origin);
    });
  },
});
