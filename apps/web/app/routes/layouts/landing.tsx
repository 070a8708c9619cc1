import { Outlet } from "react-router";
import { ColorModeSwitch } from "../../components/shell/color-mode-switch.tsx";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { Logo } from "../../components/shell/logo.tsx";

/** Landing layout: one focused task (reset a password) on a quiet page, no menus to wander off to. */
function LandingFrame({ children }: { children: React.ReactNode }) {
  return (
    <div data-layout="landing" className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 outline-none sm:pt-12"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-5 text-muted-foreground text-xs sm:px-6">
        <span>© Flipside</span>
        <ColorModeSwitch />
      </footer>
    </div>
  );
}

export default function LandingLayout() {
  return (
    <LandingFrame>
      <Outlet />
    </LandingFrame>
  );
}

export function ErrorBoundary() {
  return (
    <LandingFrame>
      <ErrorView />
    </LandingFrame>
  );
}
