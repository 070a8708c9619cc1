import { SOCIAL_SDK_VERSION } from "@flipside/contracts/constants";

/** LiveChat licences are numbers; anything else is a configuration mistake, not something to load. */
export function isHelpChatId(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,12}$/.test(value);
}

/** Facebook app ids are numbers too. */
export function isFacebookAppId(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,20}$/.test(value);
}

interface LiveChatQueue {
  _q: unknown[];
  _h: ((...args: unknown[]) => unknown) | null;
  _v: string;
  on(...args: unknown[]): unknown;
  once(...args: unknown[]): unknown;
  off(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
  call(...args: unknown[]): unknown;
  init(): void;
}

declare global {
  interface Window {
    __lc?: { license?: number; integration_name?: string; product_name?: string; asyncInit?: boolean };
    LiveChatWidget?: LiveChatQueue;
    fbAsyncInit?: () => void;
    FB?: { init(options: Record<string, unknown>): void };
  }
}

export const LIVECHAT_SCRIPT_URL = "https://cdn.livechatinc.com/tracking.js";
export const FACEBOOK_SDK_URL = "https://connect.facebook.net/en_US/sdk.js";

function appendScript(src: string, attributes: Record<string, string> = {}): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
}

/**
 * LiveChat's standard snippet, as code: sets the licence, installs the command queue that
 * `LiveChatWidget.call(...)` uses before the widget arrives, then loads the widget script.
 * Scripts added by our own (nonced) bundle are allowed by the CSP's 'strict-dynamic'.
 */
export function loadHelpChat(license: string): void {
  if (window.LiveChatWidget) return;
  window.__lc = window.__lc ?? {};
  window.__lc.license = Number(license);
  window.__lc.integration_name = "manual_channels";
  window.__lc.product_name = "livechat";
  const queue: LiveChatQueue = {
    _q: [],
    _h: null,
    _v: "2.0",
    on(...args) {
      return push(["on", args]);
    },
    once(...args) {
      return push(["once", args]);
    },
    off(...args) {
      return push(["off", args]);
    },
    get(...args) {
      if (!queue._h) throw new Error("[LiveChatWidget] You can't use getters before load.");
      return push(["get", args]);
    },
    call(...args) {
      return push(["call", args]);
    },
    init() {
      appendScript(LIVECHAT_SCRIPT_URL, { type: "text/javascript" });
    },
  };
  function push(command: unknown[]): unknown {
    return queue._h ? queue._h(...command) : queue._q.push(command);
  }
  if (!window.__lc.asyncInit) queue.init();
  window.LiveChatWidget = window.LiveChatWidget ?? queue;
}

/** Hides the help chat when app mode turns on after it was loaded (it cannot be unloaded). */
export function hideHelpChat(): void {
  window.LiveChatWidget?.call("hide");
}

/** Facebook's JavaScript SDK (docs/web-app.md#third-parties: version v18.0). */
export function loadSocialSdk(appId: string): void {
  if (document.getElementById("facebook-jssdk")) return;
  window.fbAsyncInit = () => {
    window.FB?.init({ appId, autoLogAppEvents: true, xfbml: true, version: SOCIAL_SDK_VERSION });
  };
  appendScript(FACEBOOK_SDK_URL, { id: "facebook-jssdk", defer: "", crossorigin: "anonymous" });
}
