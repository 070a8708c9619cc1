import { CREDIT_REASON_MAX, decimalToMinor, formatMoney } from "@flipside/contracts/money-constants";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Wallet } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { notify } from "../../lib/toast.ts";
import { adminApi } from "./admin-client.ts";

/** Whose wallet: a person's or an organisation's. */
export interface CreditedOwner {
  kind: "USER" | "ORGANIZATION";
  id: string;
  name: string;
}

/** An admin credits a person's or an organisation's wallet, saying why (kept in the ledger and the audit log). */
export function CreditWallet({ owner, currency }: { owner: CreditedOwner; currency: string }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  function reset() {
    setAmount("");
    setReason("");
    setErrors({});
    setKey(newIdempotencyKey());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = decimalToMinor(amount, currency);
    const next = {
      ...(minor ? {} : { amount: `Enter an amount such as ${formatMoney(2500, currency)}.` }),
      ...(reason.trim() ? {} : { reason: "Say why: it is kept in the ledger and the audit log." }),
    };
    setErrors(next);
    if (!minor || Object.keys(next).length) return;
    setSending(true);
    try {
      const credit = await adminApi.credit(
        { ownerKind: owner.kind, ownerId: owner.id, amount: minor, reason: reason.trim() },
        key,
      );
      notify.success(
        `${formatMoney(minor, currency)} credited to ${owner.name} (balance ${formatMoney(credit.balance, currency)})`,
      );
      setOpen(false);
      reset();
    } catch (failure) {
      if (isApiError(failure) && failure.status < 500) setKey(newIdempotencyKey());
      notify.error(isApiError(failure) ? failure.message : "The wallet was not credited. Try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="credit-open">
        <Wallet aria-hidden="true" />
        Credit wallet
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="credit-form">
          <DialogHeader>
            <DialogTitle>{`Credit ${owner.name}'s wallet`}</DialogTitle>
            <DialogDescription>
              The money comes from Flipside's operator credits. The reason is kept with the transaction and in
              the audit log;{" "}
              {owner.kind === "ORGANIZATION" ? `${owner.name}'s owners and admins see` : `${owner.name} sees`}{" "}
              it as “Credit from Flipside”.
            </DialogDescription>
          </DialogHeader>
          <Field
            label={`Amount (${currency})`}
            error={errors.amount}
            control={(props) => (
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setErrors((x) => ({ ...x, amount: undefined }));
                }}
                placeholder="25.00"
                data-testid="credit-amount"
              />
            )}
          />
          <Field
            label="Reason"
            error={errors.reason}
            control={(props) => (
              <Textarea
                {...props}
                value={reason}
                maxLength={CREDIT_REASON_MAX}
                onChange={(e) => {
                  setReason(e.target.value);
                  setErrors((x) => ({ ...x, reason: undefined }));
                }}
                placeholder="Payments are not set up yet: starting balance for the pilot."
                data-testid="credit-reason"
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} data-testid="credit-submit">
              Credit
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
