import type { Theme } from "@flipside/contracts/enums";
import type { WebLoadContext } from "@flipside/contracts/public-config";
import { lazy, Suspense } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  type UIMatch,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { DefaultFrame } from "./components/shell/default-frame.tsx";
import { ErrorPanel, ErrorView } from "./components/shell/error-view.tsx";
import { ShellEffects } from "./components/shell/shell-effects.tsx";
import { SkipLink } from "./components/shell/skip-link.tsx";
import { Toaster } from "./components/shell/toaster.tsx";
import { loadSession } from "./features/accounts/account-session.server.ts";
import { AuthDialogs } from "./features/accounts/auth-dialogs.tsx";
import { isProfilePath } from "./features/accounts/session-guards.ts";
import { pendingNavigationScript } from "./lib/chunk-reload.ts";
import { ClientStateProvider } from "./lib/client-state.tsx";
import { colorModeScript, FORCED_COLOR_MODE_ATTRIBUTE, parseForcedColorMode } from "./lib/color-mode.ts";
import { QueryProvider } from "./lib/query.tsx";
import { type RootData, useShellUser } from "./lib/root-data.ts";
import { afterPaintScript, submitAfterHydrationScript } from "./lib/scripts-after-paint.ts";

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

/** The activation banner's code comes only for the few who need it: signed in, not activated. */
const ActivationBanner = lazy(() =>
  import("./features/accounts/activation-banner.tsx").then((m) => ({ default: m.ActivationBanner })),
);

function ActivationBannerSlot() {
  const user = useShellUser();
  if (user?.activated !== false) return null;
  return (
    <Suspense fallback={null}>
      <ActivationBanner />
    </Suspense>
  );
}

/** What a route may put in its `handle` export for the shell. */
export interface ShellHandle {
  /** Force this page into light or dark mode whatever the visitor's preference (docs/web-app.md#routes-and-layouts). */
  colorMode?: Theme;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable, and a target of the system's share sheet (`/share`, docs/sharing.md).
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** docs/web-app.md#session: the account when the cookie signs someone in; a dead cookie is cleared. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.unavailable) {
    const root: RootData = { nonce: context.cspNonce, config: context.config, user: null };
    root.unavailable = context.unavailable;
    return data(root, { status: 503 });
  }
  const { user, headers } = await loadSession(request, context);
  const root: RootData = { nonce: context.cspNonce, config: context.config, user };
  // A page view is rendered for everyone: the server was not told who asked (docs/caches.md).
  if (context.viewerPending) root.viewerPending = true;
  return data(root, { headers });
}

/** Entering /profile re-checks the session, so its guard holds on client-side navigation too. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isProfilePath(nextUrl.pathname) && !isProfilePath(currentUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

/** The deepest route that forces a colour mode decides it. */
function forcedColorModeOf(matches: UIMatch[]): Theme | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const forced = parseForcedColorMode((matches[i]?.handle as ShellHandle | undefined)?.colorMode);
    if (forced) return forced;
  }
  return undefined;
}

// Runs before anything is painted: the colour mode first, then the chunk-error hand-off, then
// what starts the scripts once the first paint is shown and holds forms back until they run.
const BOOT_SCRIPT = `${colorModeScript}${pendingNavigationScript}${afterPaintScript}${submitAfterHydrationScript}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const forced = forcedColorModeOf(useMatches());
  const nonce = data?.nonce;
  const forcedAttribute = { [FORCED_COLOR_MODE_ATTRIBUTE]: forced };
  return (
    // The class on <html> is owned by the boot script and useColorModeController; React only
    // sets it for pages that force a mode, so the server's HTML is already right for them.
    <html lang="en" className={forced} {...forcedAttribute} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, nonced for the CSP.
          dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }}
        />
        {/* With a precedence React puts the stylesheet ahead of the modulepreloads it hoists into
            the head: the browser fetches what blocks the first paint before fifty scripts. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryProvider>
          <ClientStateProvider forcedColorMode={forced}>
            <SkipLink />
            <ActivationBannerSlot />
            {children}
            <AuthDialogs />
            <Toaster />
            <ShellEffects root={data} />
          </ClientStateProvider>
        </QueryProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const unavailable = useRouteLoaderData<RootData>("root")?.unavailable;
  if (unavailable) {
    return (
      <DefaultFrame>
        <ErrorPanel status={503} message={unavailable} />
      </DefaultFrame>
    );
  }
  return <Outlet />;
}

/** Errors no layout caught (the root loader failed, say): the default layout with the error. */
export function ErrorBoundary() {
  return (
    <DefaultFrame>
      <ErrorView />
    </DefaultFrame>
  );
}
