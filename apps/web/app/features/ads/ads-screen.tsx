import type { ReactNode } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CircleAlert, type IconComponent, Megaphone, Plus } from "../../components/ui/icons.tsx";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { type AdsContext, useAdsContext, writeAccess } from "./ad-account.ts";
import type { AdAccount } from "./ads-client.ts";

/** What a screen's content gets once the viewer has an account to show. */
export interface AdsScreenState {
  account: AdAccount;
  /** The viewer may change the account's objects (activated, OWNER or ADMIN, not closed). */
  canWrite: boolean;
  /** Why write buttons are disabled, shown beside them (not activated), or null. */
  writeBlocked: string | null;
  context: AdsContext;
}

/** "Sign in to advertise on Flipside" (ADS.md §1.0): the same for every visitor, no data loaded. */
export function SignInToAdvertise({ icon }: { icon?: IconComponent }) {
  return (
    <EmptyState
      icon={icon ?? Megaphone}
      title="Sign in to advertise on Flipside"
      description="Run clearly marked ads beside the discussions of the pages your audience reads. Ads are paid from your Flipside wallet and reviewed before they run."
      data-testid="ads-sign-in"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => authDialogs.openLogin()} data-testid="ads-log-in">
            Log in
          </Button>
          <Button variant="outline" asChild>
            <AppLink to="/signup">Create an account</AppLink>
          </Button>
        </div>
      }
    />
  );
}

/** The destructive banner of a suspended account, on every screen (ADS.md §1.0). */
export function SuspendedBanner({ account }: { account: AdAccount }) {
  if (account.status !== "SUSPENDED") return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="ad-account-suspended"
    >
      <p className="flex items-start gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span>
          This advertiser account is suspended: {account.suspensionReason ?? ""}. Your ads are not running.
        </span>
      </p>
      <AppLink to="/support" className="shrink-0 font-medium underline underline-offset-4">
        Contact support
      </AppLink>
    </div>
  );
}

/**
 * Every ads screen but the dashboard and admin: its heading, then the state the visitor is in
 * (signed out, no account yet) or the screen itself with the account shown (ADS.md §1.0).
 */
export function AdsScreen({
  title,
  description,
  icon,
  actions,
  children,
}: {
  title: string;
  description: string;
  icon: IconComponent;
  /** Header actions once there is an account (e.g. "New campaign"). */
  actions?: (state: AdsScreenState) => ReactNode;
  children: (state: AdsScreenState) => ReactNode;
}) {
  const context = useAdsContext();
  const user = useShellUser();
  const account = context.current;
  const access = writeAccess(account, user?.activated === true);
  const state = account ? { account, canWrite: access.canWrite, writeBlocked: access.reason, context } : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={title}
        description={description}
        actions={state && actions ? actions(state) : null}
      />
      {!context.signedIn ? (
        <SignInToAdvertise icon={icon} />
      ) : !state ? (
        <EmptyState
          icon={icon}
          title="Set up advertising first"
          description={`Create your advertiser account on the dashboard to use ${title}.`}
          data-testid="ads-set-up-first"
          action={
            <Button asChild>
              <AppLink to="/ads">Set up advertising</AppLink>
            </Button>
          }
        />
      ) : (
        <>
          <SuspendedBanner account={state.account} />
          {state.writeBlocked ? (
            <p className="text-muted-foreground text-sm" data-testid="ads-write-blocked">
              {state.writeBlocked}
            </p>
          ) : null}
          {children(state)}
        </>
      )}
    </div>
  );
}

/** A screen's "New …" link; disabled (with the reason shown by the screen) when writes are not allowed. */
export function NewLink({
  to,
  label,
  canWrite,
  testId,
}: {
  to: string;
  label: string;
  canWrite: boolean;
  testId?: string;
}) {
  return (
    <Button asChild={canWrite} disabled={!canWrite}>
      {canWrite ? (
        <AppLink to={to} data-testid={testId}>
          <Plus aria-hidden="true" />
          {label}
        </AppLink>
      ) : (
        <span>{label}</span>
      )}
    </Button>
  );
}
