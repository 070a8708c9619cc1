import { PERSONAL_LABEL } from "@flipside/contracts/ads-constants";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { Check, ChevronDown, Plus } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { useAdsContext } from "./ad-account.ts";
import { type AdAccount, adsApi } from "./ads-client.ts";

const ownerOf = (a: AdAccount) => a.organizationName ?? PERSONAL_LABEL;

/**
 * "Advertiser account" (ADS.md §1.0): the account every ads screen shows, and a way to another
 * one or to a new one. Shown to anyone with an account or who could open one.
 */
export function AccountSwitcher() {
  const { accounts, choices, current } = useAdsContext();
  const { revalidate } = useRevalidator();
  async function choose(id: string) {
    try {
      await adsApi.chooseAccount(id);
      await revalidate();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "Could not switch accounts. Try again.");
    }
  }
  if (!current) return null;
  return (
    <div className="flex flex-col gap-1">
      <span id="ad-account-label" className="px-1 font-medium text-muted-foreground text-xs">
        Advertiser account
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-labelledby="ad-account-label ad-account-current"
          className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          data-testid="ad-account-switcher"
        >
          <span id="ad-account-current" className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium">{current.name}</span>
            <span className="truncate text-muted-foreground text-xs">{ownerOf(current)}</span>
          </span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Your advertiser accounts</DropdownMenuLabel>
          {accounts.map((a) => (
            <DropdownMenuItem key={a.id} data-testid="ad-account-option" onSelect={() => void choose(a.id)}>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{a.name}</span>
                <span className="truncate text-muted-foreground text-xs">{ownerOf(a)}</span>
              </span>
              {a.id === current.id ? <Check aria-label="Chosen" /> : null}
            </DropdownMenuItem>
          ))}
          {choices.length > 0 ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <AppLink to="/ads?new=1" data-testid="new-ad-account">
                  <Plus aria-hidden="true" />
                  New advertiser account
                </AppLink>
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
