import type { PageSuggestion } from "@flipside/contracts/search";
import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ArrowRight, Search } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { useCodeOnDemand } from "../../lib/code-on-demand.ts";
import { notify } from "../../lib/toast.ts";
import { discussionApi } from "./discussion-client.ts";
import { useMainState } from "./discussion-state.tsx";
import { flipErrorMessage, isRefusal, pageViewPath, searchIntent } from "./search-input.ts";
import type { ComboboxState } from "./search-suggestions.tsx";

const loadSuggestionsCode = () => import("./search-suggestions.tsx").then((m) => m.default);

/**
 * The search box (docs/web-app.md#state main state: search text, loading flag). An address is flipped
 * (`POST /v1/site-pages/flip {url, back:false}`) and its page opened; other text searches the
 * known pages (`/search`). A failed flip shows "{url} is not a valid domain" and returns to the home route.
 * While typing it suggests pages (a combobox, loaded on first use: docs/search.md#suggestions).
 */
export function SearchBox({ size = "lg", className }: { size?: "lg" | "sm"; className?: string }) {
  const id = useId();
  const { state, dispatch } = useMainState();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const isApp = useAppMode();
  const go = (to: string, replace = false) => navigate(isApp ? withAppFlag(to) : to, { replace });

  const input = useRef<HTMLInputElement>(null);
  // Loaded the first time the box is used (docs/search.md#suggestions).
  const [Suggestions, loadSuggestions] = useCodeOnDemand(loadSuggestionsCode);
  const [combobox, setCombobox] = useState<ComboboxState>({ expanded: false, activeId: undefined });
  const onComboboxState = useCallback((next: ComboboxState) => setCombobox(next), []);
  const choose = (suggestion: PageSuggestion) => {
    dispatch({ type: "search-text", text: "" });
    void go(pageViewPath(suggestion.normalizedUrl));
  };

  const navigatingHome = navigation.state !== "idle" && navigation.location?.pathname === "/";
  const busy = state.loading || navigatingHome;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const intent = searchIntent(state.searchText);
    if (intent.kind === "empty") return;
    if (intent.kind === "search") {
      await go(`/search?${new URLSearchParams({ q: intent.text }).toString()}`);
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
            ref={input}
            id={`${id}-q`}
            role="combobox"
            aria-autocomplete="list"
            aria-controls={`${id}-suggestions`}
            aria-expanded={combobox.expanded}
            aria-activedescendant={combobox.activeId}
            onFocus={loadSuggestions}
            type="search"
            name="q"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Paste an address, or search pages"
            value={state.searchText}
            onChange={(event) => {
              loadSuggestions();
              dispatch({ type: "search-text", text: event.target.value });
            }}
            className={cn(inputVariants({ size: large ? "lg" : "default", surface: "solid" }), "pl-10")}
            data-testid="search-input"
          />
          {Suggestions ? (
            <Suggestions
              input={input}
              listId={`${id}-suggestions`}
              text={state.searchText}
              onChoose={choose}
              onState={onComboboxState}
            />
          ) : null}
        </div>
        <Button type="submit" size={large ? "xl" : "default"} loading={busy} data-testid="search-submit">
          {busy ? null : <ArrowRight aria-hidden="true" />}
          Flip
        </Button>
      </form>
    </search>
  );
}
