import { tryNormalizeUrl } from "@flipside/contracts/url-normalize";
import { useCallback, useEffect, useRef, useState } from "react";
import { browser } from "wxt/browser";
import { Logo, Spinner } from "../../components/brand.tsx";
import { ApiError, checkServer, saveQuickNote } from "../../lib/api.ts";
import {
  onRequestsChanged,
  type PendingNote,
  readRequests,
  setPanelTarget,
  setPendingNote,
} from "../../lib/requests.ts";
import { appUrl, ORIGIN, panelPageUrl } from "../../lib/server.ts";

/**
 * The side panel (docs/extension.md#panel): Flipside's page view of the tab's page in app mode,
 * following the tab as it moves; a quick note's progress above it; an honest state when there is
 * nothing to show or the server cannot be reached.
 */
export function Panel({ pinnedAddress }: { pinnedAddress: string | null }) {
  const address = useTargetAddress(pinnedAddress);
  const server = useServer();
  const [frameKey, setFrameKey] = useState(0);
  // The frame sent elsewhere for this page (its sign-in); another page replaces it.
  const [detour, setDetour] = useState<{ from: string; src: string } | null>(null);
  const reload = useCallback(() => setFrameKey((key) => key + 1), []);

  const page = address ? tryNormalizeUrl(address) : null;
  const pageSrc = page ? panelPageUrl(page.displayUrl) : null;
  const frameSrc = pageSrc && detour?.from === pageSrc ? detour.src : pageSrc;

  const signIn = useCallback(() => {
    // Back to the very page view the frame showed (its path and query on Flipside's origin).
    if (pageSrc)
      setDetour({
        from: pageSrc,
        src: appUrl(`/login?next=${encodeURIComponent(pageSrc.slice(ORIGIN.length))}`),
      });
  }, [pageSrc]);

  return (
    <div className="flex h-full flex-col">
      <QuickNote online={server.state === "up"} onSaved={reload} onSignIn={signIn} />
      {address === undefined || server.state === "checking" ? (
        <Centered>
          <Spinner />
          <p className="text-neutral-600 text-sm dark:text-neutral-400">Opening Flipside…</p>
        </Centered>
      ) : server.state === "down" ? (
        <Unreachable offline={server.offline} onRetry={server.retry} />
      ) : !frameSrc ? (
        <NothingToFlip />
      ) : (
        <PageFrame key={`${frameKey}:${frameSrc}`} src={frameSrc} />
      )}
    </div>
  );
}

/** The address the panel shows: pinned, a "Flip this link" request, or the active tab's. */
function useTargetAddress(pinned: string | null): string | null | undefined {
  const [address, setAddress] = useState<string | null | undefined>(pinned ?? undefined);

  useEffect(() => {
    if (pinned) return;
    let cancelled = false;
    let windowId: number | undefined;
    let activeTabId: number | undefined;

    const refresh = async () => {
      windowId ??= (await browser.windows.getCurrent()).id;
      const [tab] = await browser.tabs.query({ active: true, windowId });
      activeTabId = tab?.id;
      const { target } = await readRequests();
      const linked =
        target && (target.windowId === null || target.windowId === windowId) ? target.address : null;
      if (!cancelled) setAddress(linked ?? tab?.url ?? null);
    };
    // The tab moving on (another tab, another address) ends a "Flip this link" request.
    const moved = () => void setPanelTarget(null).then(refresh);
    const onActivated = (info: { windowId: number }) => {
      if (info.windowId === windowId) moved();
    };
    const onUpdated = (tabId: number, change: { url?: string }) => {
      if (tabId === activeTabId && change.url !== undefined) moved();
    };

    void refresh();
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    const stopWatching = onRequestsChanged(() => void refresh());
    return () => {
      cancelled = true;
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      stopWatching();
    };
  }, [pinned]);

  return address;
}

type ServerState = "checking" | "up" | "down";

/** Whether Flipside answers: checked on opening, on "Try again" and when the browser comes back online. */
function useServer() {
  const [state, setState] = useState<ServerState>("checking");
  const [offline, setOffline] = useState(!navigator.onLine);

  const retry = useCallback(() => {
    setState("checking");
    setOffline(!navigator.onLine);
    void checkServer().then((up) => setState(up ? "up" : "down"));
  }, []);

  useEffect(() => {
    retry();
    const goneOffline = () => {
      setOffline(true);
      setState("down");
    };
    window.addEventListener("online", retry);
    window.addEventListener("offline", goneOffline);
    return () => {
      window.removeEventListener("online", retry);
      window.removeEventListener("offline", goneOffline);
    };
  }, [retry]);

  return { state, offline, retry };
}

function PageFrame({ src }: { src: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative min-h-0 flex-1">
      {!loaded && (
        <div className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <Spinner />
        </div>
      )}
      <iframe
        src={src}
        title="Flipside"
        data-testid="panel-frame"
        className="size-full border-0"
        allow="clipboard-write"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
      {children}
    </main>
  );
}

function Unreachable({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Centered>
      <Logo />
      <h1 className="font-semibold text-lg" data-testid="panel-unreachable">
        {offline ? "You are offline" : "Flipside can't be reached"}
      </h1>
      <p className="text-neutral-600 text-sm dark:text-neutral-400">
        {offline
          ? "Flipside will come back as soon as your connection does."
          : `${new URL(ORIGIN).host} did not answer. It may be down for a moment, or your network may be blocking it.`}
      </p>
      <PanelButton ref={button} onClick={onRetry} primary>
        Try again
      </PanelButton>
    </Centered>
  );
}

function NothingToFlip() {
  return (
    <Centered>
      <Logo />
      <h1 className="font-semibold text-lg" data-testid="panel-nothing">
        Nothing to flip here
      </h1>
      <p className="text-neutral-600 text-sm dark:text-neutral-400">
        Flipside shows what people say about pages on the web. Open one, and its comments, reviews and related
        pages show here.
      </p>
      <a
        href={appUrl("/")}
        target="_blank"
        rel="noopener"
        className="font-medium text-primary text-sm underline-offset-4 hover:underline"
      >
        Go to Flipside
      </a>
    </Centered>
  );
}

type NoteState =
  | { kind: "saving"; note: PendingNote }
  | { kind: "saved"; note: PendingNote }
  | { kind: "signin"; note: PendingNote }
  | { kind: "failed"; note: PendingNote; detail: string };

/** A quick note from the context menu: saved here, where the person can sign in if they must. */
function QuickNote({
  online,
  onSaved,
  onSignIn,
}: {
  online: boolean;
  onSaved: () => void;
  onSignIn: () => void;
}) {
  const [state, setState] = useState<NoteState | null>(null);
  const busy = useRef(false);

  const save = useCallback(
    async (note: PendingNote) => {
      if (busy.current) return;
      busy.current = true;
      setState({ kind: "saving", note });
      try {
        await saveQuickNote(note);
        await setPendingNote(null);
        setState({ kind: "saved", note });
        onSaved();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) setState({ kind: "signin", note });
        else
          setState({ kind: "failed", note, detail: error instanceof Error ? error.message : String(error) });
      } finally {
        busy.current = false;
      }
    },
    [onSaved],
  );

  useEffect(() => {
    if (!online) return;
    const take = () =>
      void readRequests().then(({ note }) => {
        if (note) void save(note);
      });
    take();
    return onRequestsChanged(take);
  }, [online, save]);

  if (!state) return null;
  const discard = () => {
    void setPendingNote(null);
    setState(null);
  };
  const excerpt = state.note.quote.length > 140 ? `${state.note.quote.slice(0, 139)}…` : state.note.quote;

  return (
    <section
      aria-live="polite"
      data-testid="quick-note"
      data-state={state.kind}
      className="flex flex-col gap-2 border-neutral-200 border-b bg-neutral-50 px-4 py-3 text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <p className="font-medium">
        {state.kind === "saving" && "Saving your note…"}
        {state.kind === "saved" && "Note saved. Only you can see it."}
        {state.kind === "signin" && "Sign in to save your note."}
        {state.kind === "failed" && `Your note was not saved: ${state.detail}`}
      </p>
      <blockquote className="border-primary border-l-2 pl-3 text-neutral-600 dark:text-neutral-400">
        {excerpt}
      </blockquote>
      {state.kind !== "saving" && (
        <div className="flex flex-wrap gap-2">
          {state.kind === "signin" && (
            <PanelButton onClick={onSignIn} primary>
              Sign in
            </PanelButton>
          )}
          {(state.kind === "signin" || state.kind === "failed") && (
            <PanelButton onClick={() => void save(state.note)} primary={state.kind === "failed"}>
              Save note
            </PanelButton>
          )}
          <PanelButton onClick={state.kind === "saved" ? () => setState(null) : discard}>
            {state.kind === "saved" ? "Close" : "Discard"}
          </PanelButton>
        </div>
      )}
    </section>
  );
}

function PanelButton({
  children,
  onClick,
  primary = false,
  ref,
}: {
  children: React.ReactNode;
  onClick: () => void;
  primary?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      className={`rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-2 ${
        primary
          ? "bg-primary text-primary-foreground hover:bg-primary/90"
          : "border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
      }`}
    >
      {children}
    </button>
  );
}
