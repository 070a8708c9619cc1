import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { CreditCard, ExternalLink } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type Billing, billingApi } from "./billing-client.ts";

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
};

/** The card that pays renewals the wallet cannot, and the provider's portal to change it. */
export function SavedCardPanel({ billing }: { billing: Billing }) {
  const [opening, setOpening] = useState(false);
  const organizationId = billing.owner.kind === "ORGANIZATION" ? billing.owner.id : null;
  const card = billing.savedCard;

  async function open() {
    setOpening(true);
    try {
      const { url } = await billingApi.portal(organizationId);
      window.location.assign(url);
    } catch (error) {
      notify.error(
        isApiError(error) ? error.message : "The payment provider's page did not open. Try again.",
      );
      setOpening(false);
    }
  }

  if (!billing.portalAvailable) {
    return <p className="text-muted-foreground">Payments by card are not configured on this server.</p>;
  }
  return (
    <div className="flex flex-col gap-3" data-testid="saved-card">
      {card ? (
        <p className="flex items-center gap-2">
          <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="font-medium">{`${BRANDS[card.brand] ?? card.brand} •••• ${card.last4}`}</span>
            {` (expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}) pays what a renewal lacks when the wallet is short.`}
          </span>
        </p>
      ) : billing.savedCardKnown ? (
        <p className="text-muted-foreground">
          No saved card. A card used for a top-up is kept for renewals the wallet cannot pay; you can also add
          one with the payment provider.
        </p>
      ) : (
        <p className="text-muted-foreground">
          The payment provider could not be reached to show the saved card.
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        loading={opening}
        onClick={() => void open()}
        data-testid="saved-card-manage"
      >
        <ExternalLink aria-hidden="true" />
        {card ? "Change or remove the card" : "Add a card"}
      </Button>
    </div>
  );
}
