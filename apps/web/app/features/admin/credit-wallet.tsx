import { formatMoney } from "@flipside/contracts/money-constants";
import { CreditDialog } from "../../components/money/credit-dialog.tsx";
import { adminApi } from "./admin-client.ts";

/** Whose wallet: a person's or an organisation's. */
export interface CreditedOwner {
  kind: "USER" | "ORGANIZATION";
  id: string;
  name: string;
}

/** An admin credits a person's or an organisation's wallet, saying why (kept in the ledger and the audit log). */
export function CreditWallet({ owner, currency }: { owner: CreditedOwner; currency: string }) {
  return (
    <CreditDialog
      currency={currency}
      title={`Credit ${owner.name}'s wallet`}
      description={
        <>
          The money comes from Flipside's operator credits. The reason is kept with the transaction and in the
          audit log;{" "}
          {owner.kind === "ORGANIZATION" ? `${owner.name}'s owners and admins see` : `${owner.name} sees`} it
          as “Credit from Flipside”.
        </>
      }
      openLabel="Credit wallet"
      submitLabel="Credit"
      reasonPlaceholder="Payments are not set up yet: starting balance for the pilot."
      credit={async (minor, reason, key) => {
        const credit = await adminApi.credit(
          { ownerKind: owner.kind, ownerId: owner.id, amount: minor, reason },
          key,
        );
        return `${formatMoney(minor, currency)} credited to ${owner.name} (balance ${formatMoney(credit.balance, currency)})`;
      }}
    />
  );
}
