import { type FormEvent, useId } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ArrowRight, Search } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { discussionApi } from "./discussion-client.ts";
import { useMainState } from "./discussion-state.tsx";
import { flipErrorMessage, isRefusal, pageViewPath, searchIntent } from "./search-input.ts";

/**
 * The search box (docs/web-app.md#state main state: search text, loading flag). An address is flipped
 * (`POST /v1/site-pages/flip {url, back:false}`) and its page opened; other text searches the
 * known pages. A failed flip shows "{url} is not a valid domain" and returns to the home route.
 */
export function SearchBox({ size = "lg", className }: { size?: "lg" | "sm"; className?: string }) {
  const id = useId();
  const { state, dispatch } = useMainState();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const isApp = useAppMode();
  const go = (to: string, replace = false) => navigate(isApp ? withAppFlag(to) : to, { replace });

  const navigatingHome = navigation.state !== "idle" && navigation.location?.pathname === "/";
  const busy = state.loading || navigatingHome;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const intent = searchIntent(state.searchText);
    if (intent.kind === "empty") return;
    if (intent.kind === "search") {
      await go(`/?${new URLSearchParams({ q: intent.text }).toString()}`);
      return;
    }
    dispatch({ type: "loading", loading: true });
    try {
      const page = await discussionApi.flip(intent.url, false);
      dispatch({ type: "search-text", text: "" });
      await go(pageViewPath(page.normalizedUrl));
    } catch (error) {
      notify.error(flipErrorMessage(error, intent.url));
      // A refused address goes back to the home route (docs/web-app.md); a flip that never reached
      // Flipside, or that it could not answer, stays here with its address, to be tried again
      // (issue 19: going home offline showed an error page that looked signed out).
      if (!isRefusal(error)) return;
      dispatch({ type: "search-text", text: "" });
      if (location.pathname !== "/" || new URLSearchParams(location.search).has("url")) await go("/", true);
    } finally {
      dispatch({ type: "loading", loading: false });
    }
  }

  const large = size === "lg";
  return (
    <search className={cn("w-full", className)}>
      <form
        aria-label="Flip a page"
        onSubmit={submit}
        className="flex w-full gap-2"
        data-testid="search-box"
        aria-busy={busy || undefined}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Address of a page, or words to search for
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            className={cn(
              "-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-muted-foreground",
              large ? "size-5" : "size-4",
            )}
            aria-hidden="true"
          />
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Paste an address, or search pages"
            value={state.searchText}
            onChange={(event) => dispatch({ type: "search-text", text: event.target.value })}
            className={cn(inputVariants({ size: large ? "lg" : "default", surface: "solid" }), "pl-10")}
            data-testid="search-input"
          />
        </div>
        <Button type="submit" size={large ? "xl" : "default"} loading={busy} data-testid="search-submit">
          {busy ? null : <ArrowRight aria-hidden="true" />}
          Flip
        </Button>
      </form>
    </search>
  );
}
