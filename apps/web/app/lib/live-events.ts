import {
  LIVE_EVENTS,
  LIVE_HIDDEN_CLOSE_MS,
  LIVE_HINT_QUIET_MS,
  LIVE_REFUSED_RETRY_MS,
  type LiveEventName,
} from "@flipside/contracts/live-constants";
import { useEffect, useRef } from "react";

/**
 * The tab's one live stream (docs/live.md): a single EventSource on `/api/v1/events` for what this
 * tab follows — the page being viewed and, signed in, the person's notifications — opened after
 * hydration (only effects call in here), reopened when what is followed changes. The browser
 * reconnects a dropped stream by itself with Last-Event-ID; a refused one (429, 503) is tried again
 * a minute later; a tab in the background lets its stream go after a minute and catches up
 * (`since` the last event) when it comes back.
 */

type Listener = (data: unknown) => void;

const listeners = new Map<LiveEventName, Set<Listener>>();
const wanted: { pageId: string | null; since: string | null; personFollowers: number } = {
  pageId: null,
  since: null,
  personFollowers: 0,
};
let source: EventSource | null = null;
/** What the open stream follows (null: none open). */
let openFor: string | null = null;
let lastEventId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let scheduled = false;
let watchingVisibility = false;

const followsKey = () => {
  const person = wanted.personFollowers > 0;
  return wanted.pageId || person ? `${wanted.pageId ?? ""}|${person}` : null;
};

function deliver(event: MessageEvent<string>) {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const listener of listeners.get(event.type as LiveEventName) ?? []) listener(data);
}

function close() {
  source?.close();
  source = null;
  openFor = null;
}

function connect() {
  scheduled = false;
  clearTimeout(retryTimer);
  const key = followsKey();
  if (key === openFor && source) return;
  close();
  if (!key || typeof EventSource === "undefined" || document.visibilityState === "hidden") return;
  const query = new URLSearchParams();
  if (wanted.pageId) {
    query.set("pageId", wanted.pageId);
    const since = lastEventId ?? wanted.since;
    if (since) query.set("since", since);
  }
  const stream = new EventSource(`/api/v1/events?${query.toString()}`);
  for (const name of Object.values(LIVE_EVENTS)) stream.addEventListener(name, deliver);
  stream.onerror = () => {
    // CONNECTING: the browser is trying again itself. CLOSED: refused; try later.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    close();
    retryTimer = setTimeout(connect, LIVE_REFUSED_RETRY_MS);
  };
  source = stream;
  openFor = key;
  watchVisibility();
}

function watchVisibility() {
  if (watchingVisibility) return;
  watchingVisibility = true;
  document.addEventListener("visibilitychange", () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") hiddenTimer = setTimeout(close, LIVE_HIDDEN_CLOSE_MS);
    else connect();
  });
}

/** Reconnects once after this turn's changes (a page view and the bell may both change at once). */
function reconsider() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(connect);
}

/** Follows a page while the returned function is not called; `since`: when its data was read. */
export function followPage(pageId: string, since: string): () => void {
  if (wanted.pageId !== pageId) lastEventId = null;
  wanted.pageId = pageId;
  wanted.since = since;
  reconsider();
  return () => {
    if (wanted.pageId !== pageId) return;
    wanted.pageId = null;
    wanted.since = null;
    lastEventId = null;
    reconsider();
  };
}

/** Follows the signed-in person's notifications while the returned function is not called. */
export function followPerson(): () => void {
  wanted.personFollowers++;
  reconsider();
  return () => {
    wanted.personFollowers--;
    reconsider();
  };
}

/** Calls `listener` with each event of this name while mounted. */
export function useLiveEvent(name: LiveEventName, listener: Listener) {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => {
    const call: Listener = (data) => current.current(data);
    const set = listeners.get(name) ?? new Set<Listener>();
    set.add(call);
    listeners.set(name, set);
    return () => {
      set.delete(call);
    };
  }, [name]);
}

/** Calls `action` once after each burst of events of this name (a hint to ask the API again). */
export function useLiveHint(name: LiveEventName, action: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvent(name, () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, LIVE_HINT_QUIET_MS);
  });
}
