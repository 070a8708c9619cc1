import { useSyncExternalStore } from "react";
import { AppLink } from "../components/shell/app-link.tsx";
import { LogoMark } from "../components/shell/logo.tsx";
import { Button } from "../components/ui/button.tsx";
import {
  CircleCheck,
  CircleDashed,
  ExternalLink,
  LoaderCircle,
  Puzzle,
  ShieldCheck,
} from "../components/ui/icons.tsx";
import { type BrowserKind, browserKindOf } from "../lib/browser-kind.ts";
import { useClientState } from "../lib/client-state.tsx";
import { titleMeta } from "../lib/page-title.ts";
import { useRootData } from "../lib/root-data.ts";

export const meta = () => titleMeta("Browser extension");

/** The extension's own page is designed on white: it keeps light mode whatever the preference. */
export const handle = { colorMode: "light" } as const;

function ExtensionStatus() {
  const { isCheckingExtensionInstalled, isExtensionInstalled } = useClientState();
  if (isCheckingExtensionInstalled) {
    return (
      <p
        className="flex items-center gap-2 text-muted-foreground"
        data-testid="extension-status"
        data-state="checking"
      >
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Looking for the Flipside extension…
      </p>
    );
  }
  return isExtensionInstalled ? (
    <p className="flex items-center gap-2 text-success" data-testid="extension-status" data-state="installed">
      <CircleCheck className="size-4" aria-hidden="true" />
      The Flipside extension is installed in this browser.
    </p>
  ) : (
    <p
      className="flex items-center gap-2 text-muted-foreground"
      data-testid="extension-status"
      data-state="missing"
    >
      <CircleDashed className="size-4" aria-hidden="true" />
      The Flipside extension is not installed in this browser.
    </p>
  );
}

const STORES = {
  chromium: { store: "the Chrome Web Store", button: "Get Flipside from the Chrome Web Store" },
  firefox: { store: "Firefox Add-ons", button: "Get Flipside from Firefox Add-ons" },
} as const;

const noSubscription = () => () => {};

/** Known in the browser only: the server's render offers every store. */
function useBrowserKind(): BrowserKind | null {
  return useSyncExternalStore(
    noSubscription,
    () => browserKindOf(navigator.userAgent),
    () => null,
  );
}

function StoreLink({ kind, url }: { kind: keyof typeof STORES; url: string }) {
  return (
    <Button asChild>
      <a href={url} target="_blank" rel="noopener" data-testid={`extension-store-${kind}`}>
        {STORES[kind].button}
        <ExternalLink className="size-4" aria-hidden="true" />
      </a>
    </Button>
  );
}

/** How to get the extension: this browser's store, or an honest word when it is not listed there. */
function Install() {
  const { isCheckingExtensionInstalled, isExtensionInstalled } = useClientState();
  const stores = useRootData()?.config.extensionStores ?? {};
  const kind = useBrowserKind();
  if (isCheckingExtensionInstalled) return null;
  if (isExtensionInstalled) {
    return (
      <div
        className="flex max-w-md flex-col gap-2 text-muted-foreground text-sm"
        data-testid="extension-howto"
      >
        <p>
          On any page, click Flipside's button in the toolbar or press{" "}
          <kbd className="font-mono">Alt+Shift+F</kbd>: what people say about it opens beside it. Right-click
          a link and choose <em>Flip this link</em>; select some text and choose <em>Add a note</em> to keep
          it in a private note.
        </p>
      </div>
    );
  }
  const offered = (kind === null || kind === "other" ? (["chromium", "firefox"] as const) : [kind]).flatMap(
    (k) => {
      const url = stores[k];
      return url ? [{ kind: k, url }] : [];
    },
  );
  return (
    <div className="flex max-w-md flex-col items-center gap-3 text-sm" data-testid="extension-install">
      {offered.map(({ kind: k, url }) => (
        <StoreLink key={k} kind={k} url={url} />
      ))}
      {kind === "other" ? (
        <p className="text-muted-foreground">
          The extension is made for Chromium-based browsers (Chrome, Edge, Brave, Opera) and Firefox.
        </p>
      ) : kind !== null && offered.length === 0 ? (
        <p className="text-muted-foreground" data-testid="extension-not-listed">
          The extension is not in {STORES[kind].store} yet. To try it now, build it from Flipside's source
          with <code className="font-mono">npm run build:extension</code> and load it into your browser as an
          unpacked extension.
        </p>
      ) : null}
    </div>
  );
}

/** No layout (docs/web-app.md#routes-and-layouts): a standalone page the extension opens after it is installed. */
export default function ExtensionPage() {
  return (
    <main
      id="main"
      tabIndex={-1}
      data-page="extension"
      className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-gradient-to-b from-primary/10 to-background px-4 py-16 text-center outline-none"
    >
      <LogoMark className="size-14" />
      <div className="flex max-w-lg flex-col items-center gap-3">
        <h1 className="text-balance font-semibold text-3xl tracking-tight">Flipside for your browser</h1>
        <p className="text-pretty text-muted-foreground">
          The extension shows the other side of the page you are on — comments, reviews, related pages and
          your notes — without leaving it.
        </p>
      </div>
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-5 shadow-xs">
        <Puzzle className="size-5 text-primary" aria-hidden="true" />
        <ExtensionStatus />
      </div>
      <Install />
      <p className="flex max-w-md items-start gap-2 text-left text-muted-foreground text-sm">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Counting a page's comments tells Flipside nothing about where you are: the extension sends a few
          characters of a fingerprint shared by thousands of addresses, never the address. The address goes to
          Flipside only when you open Flipside on a page.
        </span>
      </p>
      <Button asChild variant="outline">
        <AppLink to="/">Go to Flipside</AppLink>
      </Button>
    </main>
  );
}
