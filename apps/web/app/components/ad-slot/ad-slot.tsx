import type { AdReportReason } from "@flipside/contracts/ad-report";
import { AD_SERVING, AD_SLOT_TEXTS, AD_WHY_LABELS } from "@flipside/contracts/ad-slot";
import type { Advertising } from "@flipside/contracts/ads";
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { DeferredDialog, DeferredMenu, loadDropdownMenu } from "../ui/deferred.tsx";
import { EyeOff, Flag, MoreHorizontal } from "../ui/icons.tsx";

/**
 * The ad on a discussion page (ADS.md §1.13, docs/ads.md#the-slot). Loaded by the page view after
 * hydration, never part of the server's HTML (the anonymous page cache would hand one ad's token
 * to many readers). No ad, or a failed lookup, renders nothing.
 */

const loadReportDialog = () => import("./ad-report-dialog.tsx");
const HIDDEN_KEY = "flipside.hiddenAds";
const HIDDEN_MAX = 200;

/** Creatives this browser hid: kept here too, as an anonymous reader's key changes every day. */
function hiddenHere(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function hideHere(id: string) {
  try {
    localStorage.setItem(
      HIDDEN_KEY,
      JSON.stringify([id, ...hiddenHere().filter((x) => x !== id)].slice(0, HIDDEN_MAX)),
    );
  } catch {
    // Storage refused (private mode, full): the server still remembers for this reader.
  }
}

/** Same-origin path of one of the ad's addresses (the API names them absolutely, for the extension). */
const pathOf = (url: string) => {
  const u = new URL(url, window.location.href);
  return `${u.pathname}${u.search}`;
};

/**
 * Sends the impression beacon once the ad is viewable (MRC display: half of it in view, the page
 * visible, for one continuous second), once per token.
 */
function useViewableImpression(ref: React.RefObject<HTMLElement | null>, ad: Advertising) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = false;
    const settle = () => {
      const viewable = inView && document.visibilityState === "visible";
      if (viewable && !timer && !sent) {
        timer = setTimeout(() => {
          sent = true;
          const url = pathOf(ad.impressionUrl);
          if (!navigator.sendBeacon?.(url))
            void fetch(url, { method: "POST", keepalive: true }).catch(() => {});
          observer.disconnect();
        }, AD_SERVING.viewableMs);
      } else if (!viewable && timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView = (entry?.intersectionRatio ?? 0) >= AD_SERVING.viewableRatio;
        settle();
      },
      { threshold: [0, AD_SERVING.viewableRatio, 1] },
    );
    observer.observe(element);
    document.addEventListener("visibilitychange", settle);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", settle);
      clearTimeout(timer);
    };
  }, [ref, ad]);
}

function AdCard({ ad, onHidden }: { ad: Advertising; onHidden(): void }) {
  const ref = useRef<HTMLElement>(null);
  const [whyOpen, setWhyOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  useViewableImpression(ref, ad);
  const feedback = (body: { action: "HIDE" | "REPORT"; reason?: AdReportReason }) =>
    api.post(pathOf(ad.feedbackUrl).replace(/^\/api/, ""), body);
  const href = pathOf(ad.clickUrl);
  return (
    <aside
      ref={ref}
      aria-label={`${AD_SLOT_TEXTS.label}: ${ad.headline}`}
      className="relative mt-6 flex flex-col gap-2 rounded-lg border border-dashed bg-muted/30 p-3 text-sm"
      data-testid="ad-slot"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 text-muted-foreground text-xs">
          <span className="rounded border px-1 font-semibold text-foreground" data-testid="ad-label">
            {AD_SLOT_TEXTS.label}
          </span>
          <span className="truncate">{ad.displayDomain}</span>
        </span>
        <DeferredMenu
          load={loadDropdownMenu}
          trigger={
            <Button variant="ghost" size="icon-sm" aria-label={AD_SLOT_TEXTS.menu} data-testid="ad-menu">
              <MoreHorizontal aria-hidden="true" />
            </Button>
          }
        >
          {(ui, trigger) => (
            <ui.DropdownMenu defaultOpen>
              <ui.DropdownMenuTrigger asChild>{trigger}</ui.DropdownMenuTrigger>
              <ui.DropdownMenuContent align="end">
                <ui.DropdownMenuItem onSelect={() => setWhyOpen(true)}>
                  {AD_SLOT_TEXTS.why}
                </ui.DropdownMenuItem>
                <ui.DropdownMenuItem
                  onSelect={() => {
                    onHidden();
                    notify.success(AD_SLOT_TEXTS.hidden);
                    void feedback({ action: "HIDE" }).catch(() => {});
                  }}
                >
                  <EyeOff aria-hidden="true" />
                  {AD_SLOT_TEXTS.hide}
                </ui.DropdownMenuItem>
                <ui.DropdownMenuItem onSelect={() => setReportOpen(true)}>
                  <Flag aria-hidden="true" />
                  {AD_SLOT_TEXTS.report}
                </ui.DropdownMenuItem>
              </ui.DropdownMenuContent>
            </ui.DropdownMenu>
          )}
        </DeferredMenu>
      </div>
      {whyOpen ? (
        // Opened by the reader, so it may move what is below it (no layout shift counts).
        <section
          aria-label={AD_SLOT_TEXTS.why}
          className="flex flex-col gap-1 rounded-md border bg-background p-2"
          data-testid="ad-why"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">{AD_SLOT_TEXTS.by(ad.advertiserName)}</p>
            <Button variant="ghost" size="sm" onClick={() => setWhyOpen(false)}>
              Close
            </Button>
          </div>
          <ul className="list-disc pl-4 text-muted-foreground">
            {ad.why.map((w) => (
              <li key={w}>{AD_WHY_LABELS[w]}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <a
        href={href}
        target="_blank"
        rel="sponsored noopener"
        className="group flex flex-col gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="ad-link"
      >
        {ad.image ? (
          <img
            src={ad.image.url}
            width={ad.image.width}
            height={ad.image.height}
            alt=""
            className="h-auto w-full rounded-md object-cover"
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="font-semibold leading-snug group-hover:underline">{ad.headline}</span>
        {ad.body ? <span className="text-muted-foreground">{ad.body}</span> : null}
      </a>
      <DeferredDialog open={reportOpen} load={loadReportDialog} onUnavailable={() => setReportOpen(false)}>
        {(m) => (
          <m.ReportAdDialog
            title={AD_SLOT_TEXTS.report}
            open={reportOpen}
            onOpenChange={setReportOpen}
            onReport={async (reason) => {
              await feedback({ action: "REPORT", reason });
              setReportOpen(false);
              notify.success(AD_SLOT_TEXTS.reported);
            }}
          />
        )}
      </DeferredDialog>
    </aside>
  );
}

const WIDE = "(min-width: 64rem)";

/** Whether the layout has its right column (Tailwind's lg), as it changes. */
function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const changed = () => setWide(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return wide;
}

/**
 * The page's ad, in one of two places: the right column on wide screens (under the summary, where
 * it moves nothing), or after the discussion on narrow ones (where, arriving after the rest, it
 * moves nothing either). Both places are in the page; only the one for the screen shows it: the
 * first of the page's ads (looked up by the page view) that this browser did not hide.
 */
export function AdSlot({ ads, place }: { ads: Advertising[]; place: "aside" | "main" }) {
  const wide = useWide();
  const [hidden, setHidden] = useState(hiddenHere);
  const ad = ads.find((a) => !hidden.includes(a.id));
  if (wide !== (place === "aside") || !ad) return null;
  return (
    <AdCard
      key={ad.id}
      ad={ad}
      onHidden={() => {
        hideHere(ad.id);
        setHidden(hiddenHere());
      }}
    />
  );
}

export default AdSlot;
