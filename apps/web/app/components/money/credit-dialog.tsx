import { CREDIT_REASON_MAX, decimalToMinor, formatMoney } from "@flipside/contracts/money-constants";
import { type FormEvent, type ReactNode, useState } from "react";
import { isApiError } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { notify } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Field } from "../ui/field.tsx";
import { Wallet } from "../ui/icons.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * Staff credit a wallet, saying why: an amount and a reason, sent with one Idempotency-Key per
 * intended credit (a retry of the same one cannot credit twice; a refused one gets a new key).
 * `credit` does the call and answers the success toast's text.
 */
export function CreditDialog({
  currency,
  title,
  description,
  openLabel,
  submitLabel,
  amountLabel = `Amount (${currency})`,
  reasonPlaceholder,
  credit,
}: {
  currency: string;
  title: string;
  description: ReactNode;
  openLabel: string;
  submitLabel: string;
  amountLabel?: string;
  reasonPlaceholder: string;
  credit: (minor: number, reason: string, key: string) => Promise<string>;
}) {
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
      notify.success(await credit(minor, reason.trim(), key));
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
        {openLabel}
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="credit-form">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field
            label={amountLabel}
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
                placeholder={reasonPlaceholder}
                data-testid="credit-reason"
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} data-testid="credit-submit">
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
