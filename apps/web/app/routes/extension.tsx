import { AppLink } from "../components/shell/app-link.tsx";
import { LogoMark } from "../components/shell/logo.tsx";
import { Button } from "../components/ui/button.tsx";
import { CircleCheck, CircleDashed, LoaderCircle, Puzzle } from "../components/ui/icons.tsx";
import { useClientState } from "../lib/client-state.tsx";
import { titleMeta } from "../lib/page-title.ts";

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
      <Button asChild variant="outline">
        <AppLink to="/">Go to Flipside</AppLink>
      </Button>
    </main>
  );
}
