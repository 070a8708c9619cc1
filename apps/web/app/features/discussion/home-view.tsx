import type { SitePageView } from "@flipside/contracts/discussion";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import {
  Compass,
  Flame,
  Link2,
  MessageSquare,
  NotebookPen,
  Star,
  TrendingUp,
} from "../../components/ui/icons.tsx";
import { PageCard } from "./page-card.tsx";
import { SearchBox } from "./search-box.tsx";

const FEATURES = [
  { icon: MessageSquare, title: "Comments", text: "Discuss a page with everyone who read it, in threads." },
  { icon: Star, title: "Reviews", text: "Positive, negative or expert: see how a page holds up." },
  { icon: Link2, title: "Related pages", text: "Links people found worth reading next to it." },
  { icon: NotebookPen, title: "Your notes", text: "Private notes on any page, kept with you." },
];

function PageGrid({ pages, label, testId }: { pages: SitePageView[]; label: string; testId: string }) {
  return (
    // min-w-0: a grid item is otherwise as wide as its longest word (an address, say).
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={label} data-testid={testId}>
      {pages.map((page) => (
        <li key={page.id} className="min-w-0">
          <PageCard page={page} />
        </li>
      ))}
    </ul>
  );
}

export interface HomeViewProps {
  trending: SitePageView[];
  recent: SitePageView[];
  mostDiscussed: SitePageView[];
  /** A refused lookup, shown until the browser takes over and moves to the home route. */
  alert?: string;
  /** The signed-in visitor's own part of the front page (what they follow), from the route. */
  personal?: React.ReactNode;
}

/**
 * The front page: the search box, then real pages only (trending, most discussed, recent), or an
 * honest empty state.
 */
export function HomeView({ trending, recent, mostDiscussed, alert, personal }: HomeViewProps) {
  return (
    <div className="flex flex-col gap-12" data-testid="home-view" data-home-view="">
      <section className="mx-auto flex w-full max-w-2xl flex-col items-center gap-5 pt-4 text-center sm:pt-10">
        <h1 className="text-balance font-semibold text-3xl tracking-tight sm:text-5xl">
          See the other side of any web page
        </h1>
        <p className="max-w-xl text-pretty text-lg text-muted-foreground">
          Paste an address to flip a page: read what people say about it, review it, link what is related and
          keep your own notes.
        </p>
        <SearchBox className="mt-2" />
        {alert ? (
          <p role="alert" className="text-destructive text-sm" data-testid="flip-error">
            {alert}
          </p>
        ) : null}
      </section>

      {personal}

      {recent.length === 0 ? (
        <EmptyState
          icon={Compass}
          title="No page has been flipped yet"
          description="Flipside is brand new here. Paste the address of any page above and start its discussion."
          className="mx-auto w-full max-w-2xl bg-background/60"
          data-testid="home-empty"
        />
      ) : (
        <>
          {trending.length > 0 ? (
            <section aria-labelledby="trending-now" className="flex flex-col gap-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="trending-now" className="font-semibold text-lg">
                  Trending now
                </h2>
                <Button asChild variant="ghost" size="sm">
                  <AppLink to="/trending" data-testid="home-trending-all">
                    <TrendingUp aria-hidden="true" />
                    See all trending
                  </AppLink>
                </Button>
              </div>
              <PageGrid pages={trending} label="Trending pages" testId="home-trending" />
            </section>
          ) : null}
          {mostDiscussed.length > 0 ? (
            <section aria-labelledby="most-discussed" className="flex flex-col gap-4">
              <h2 id="most-discussed" className="font-semibold text-lg">
                Most discussed
              </h2>
              <PageGrid pages={mostDiscussed} label="Most discussed pages" testId="most-discussed" />
            </section>
          ) : null}
          <section aria-labelledby="recently-flipped" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="recently-flipped" className="font-semibold text-lg">
                Recently flipped
              </h2>
              <div className="flex gap-2">
                <Button asChild variant="ghost" size="sm">
                  <AppLink to="/trending">
                    <TrendingUp aria-hidden="true" />
                    Trending
                  </AppLink>
                </Button>
                <Button asChild variant="ghost" size="sm">
                  <AppLink to="/popular">
                    <Flame aria-hidden="true" />
                    Top pages
                  </AppLink>
                </Button>
              </div>
            </div>
            <PageGrid pages={recent} label="Recently flipped pages" testId="recent-pages" />
          </section>
        </>
      )}

      <section aria-labelledby="what-you-get" className="flex flex-col gap-4">
        <h2 id="what-you-get" className="text-center font-semibold text-muted-foreground text-sm">
          What every page has
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-4">
              <Icon className="mb-3 size-5 text-primary" aria-hidden="true" />
              <h3 className="font-medium">{title}</h3>
              <p className="mt-1 text-muted-foreground text-sm">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
