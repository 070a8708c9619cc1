import type { AccountSession } from "@flipside/contracts/accounts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { type IconComponent, LogOut, Monitor, Smartphone, Tablet } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

const DEVICE_ICON: Record<AccountSession["device"], IconComponent> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  other: Monitor,
};

function sessionName(session: Pick<AccountSession, "browser" | "os">): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? "An unknown browser";
}

/**
 * Where the account is signed in: each device by browser and system, when it was last used, and
 * a way to sign any other one out (or all of them at once).
 */
export function SessionsSetting({ sessions }: { sessions: readonly AccountSession[] }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  async function run(key: string, work: () => Promise<void>, done: string) {
    setBusy(key);
    try {
      await work();
      notify.success(done);
      await revalidate();
    } catch {
      notify.error("Could not sign that device out. Try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y rounded-lg border" data-testid="sessions-list">
        {sessions.map((session) => {
          const Icon = DEVICE_ICON[session.device];
          return (
            <li
              key={session.id}
              className="flex flex-wrap items-center gap-3 p-3"
              data-testid="session"
              data-current={session.current || undefined}
            >
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="flex min-w-0 flex-1 flex-col">
                <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                  {sessionName(session)}
                  {session.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  {session.current ? (
                    "Active now"
                  ) : (
                    <>
                      Last active <TimeAgo iso={session.lastSeenDate} />
                    </>
                  )}
                  {" · "}Signed in <TimeAgo iso={session.createdDate} />
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost-destructive"
                  size="sm"
                  loading={busy === session.id}
                  disabled={busy !== null}
                  onClick={() =>
                    run(
                      session.id,
                      () => accountApi.revokeSession(session.id),
                      `${sessionName(session)} is signed out`,
                    )
                  }
                  aria-label={`Sign out ${sessionName(session)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <div>
          <Button
            variant="outline"
            loading={busy === "others"}
            disabled={busy !== null}
            onClick={() => run("others", accountApi.revokeOtherSessions, "Every other device is signed out")}
            data-testid="sessions-sign-out-others"
          >
            <LogOut aria-hidden="true" />
            Sign out everywhere else
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
