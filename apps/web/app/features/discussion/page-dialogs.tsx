import type { SitePageView } from "@flipside/contracts/discussion";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { ShieldCheck, Tag } from "../../components/ui/icons.tsx";
import { useContributionGate } from "./contribution-gate.ts";

/** "I own this site": how an owner verifies a site and answers officially. */
export function OwnerDialog({
  page,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const gate = useContributionGate();
  const verified = page.site.verificationStatus === "VERIFIED";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="owner-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            {verified ? `${page.site.domain} is verified` : `Do you own ${page.site.domain}?`}
          </DialogTitle>
          <DialogDescription>
            {verified
              ? "Its owner verified it on Flipside: their comments and reviews on its pages are marked as official responses and shown first."
              : "Verify it with a DNS record, a meta tag or a file on the site. Then your comments and reviews on its pages are marked as official responses and shown first."}
          </DialogDescription>
        </DialogHeader>
        {verified ? null : (
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            {gate.user ? (
              <Button asChild onClick={() => onOpenChange(false)}>
                <AppLink to="/profile/websites/claim">Claim this site</AppLink>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  onOpenChange(false);
                  gate.requireUser();
                }}
              >
                Log in to claim it
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Suggest a topic": topics come with their own feature; until then the dialog says so plainly. */
export function SuggestionsDialog({
  page,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="suggestions-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Tag className="size-5 text-primary" aria-hidden="true" />
            Suggest a topic for {page.site.domain}
          </DialogTitle>
          <DialogDescription>
            Topics are not open yet. When they are, you will suggest them here, and the ones most people agree
            on will show on every page of the site.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
