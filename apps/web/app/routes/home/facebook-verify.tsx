import { data } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CircleCheck, KeyRound, SearchX } from "../../components/ui/icons.tsx";
import { createSignInProvidersClient } from "../../features/accounts/sign-in-providers-api.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/facebook-verify";

/** docs/sign-in-providers.md#facebooks-data-deletion: Facebook links people here with ?code=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("code")?.trim() ?? "";
  if (!code) return { code, deletion: null };
  try {
    return { code, deletion: await createSignInProvidersClient(serverApi(context)).facebookDeletion(code) };
  } catch (error) {
    if (isApiError(error) && [400, 404].includes(error.status)) return data({ code, deletion: null });
    throw error;
  }
}

export const meta = () => [...titleMeta("Facebook sign-in"), { name: "robots", content: "noindex" }];

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export default function Page({ loaderData }: Route.ComponentProps) {
  const { code, deletion } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeading
        title="Your Facebook data"
        description="When you remove Flipside from your Facebook settings, Facebook asks us to delete what it shared. This page shows where that request stands."
      />
      {deletion ? (
        <Card data-testid="facebook-deletion">
          <CardContent className="flex flex-col gap-3 pt-6">
            <p className="flex items-center gap-2 font-medium">
              <CircleCheck className="size-5 text-success" aria-hidden="true" />
              Deleted
            </p>
            <p className="text-muted-foreground text-sm">
              {deletion.removedLinks > 0
                ? "The link between your Facebook account and Flipside is removed: Facebook no longer signs you in to Flipside, and we keep nothing Facebook gave us."
                : "Flipside held nothing from this Facebook account (it was never linked, or was unlinked before)."}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Confirmation code</dt>
              <dd className="break-all font-mono">{deletion.confirmationCode}</dd>
              <dt className="text-muted-foreground">Requested</dt>
              <dd>{dateOf(deletion.requestedAt)} UTC</dd>
            </dl>
            <p className="text-muted-foreground text-sm">
              Your Flipside account itself, if you have one, is still there; delete it under Profile,
              Settings.
            </p>
          </CardContent>
        </Card>
      ) : code ? (
        <EmptyState
          icon={SearchX}
          title="No deletion request has this code"
          description="Check the confirmation code Facebook gave you. Requests appear here as soon as Facebook sends them."
        />
      ) : (
        <EmptyState
          icon={KeyRound}
          title="No confirmation code"
          description="Open this page from the link Facebook gives you after you remove Flipside; it carries your confirmation code."
        />
      )}
    </div>
  );
}
