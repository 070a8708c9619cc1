import { decimalToMinor, formatMoney, MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { type FormEvent, useId, useState } from "react";
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
import { ArrowRight } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { notify } from "../../lib/toast.ts";
import { walletApi } from "./wallet-client.ts";

/** A wallet the person may move money out of or into: their own ("" here) or an organisation's. */
export interface WalletChoice {
  id: string;
  name: string;
}

/**
 * "Move money" between the person's wallet and those of organisations they manage. One key per
 * intended transfer: pressing again after a failed network answer cannot move the money twice.
 */
export function TransferDialog({
  choices,
  currentId,
  currency,
  onMoved,
}: {
  choices: readonly WalletChoice[];
  currentId: string;
  currency: string;
  onMoved(): void;
}) {
  const ids = { from: useId(), to: useId() };
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(currentId);
  const [to, setTo] = useState(choices.find((c) => c.id !== currentId)?.id ?? "");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  function reset() {
    setFrom(currentId);
    setTo(choices.find((c) => c.id !== currentId)?.id ?? "");
    setAmount("");
    setError(undefined);
    setKey(newIdempotencyKey());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = decimalToMinor(amount, currency);
    if (!minor) return setError(`Enter an amount such as ${formatMoney(1250, currency)}.`);
    if (from === to) return setError(MONEY_MESSAGES.sameWallet);
    setSending(true);
    try {
      await walletApi.transfer(
        { fromOrganizationId: from || null, toOrganizationId: to || null, amount: minor },
        key,
      );
      const target = choices.find((c) => c.id === to)?.name ?? "the wallet";
      notify.success(`${formatMoney(minor, currency)} moved to ${target}`);
      setOpen(false);
      reset();
      onMoved();
    } catch (failure) {
      // A refusal is final for this key: the next try is a new request.
      if (isApiError(failure) && failure.status < 500) setKey(newIdempotencyKey());
      setError(isApiError(failure) ? failure.message : "The money did not move. Try again.");
    } finally {
      setSending(false);
    }
  }

  const select = (id: string, value: string, change: (v: string) => void, testId: string) => (
    <select
      id={id}
      value={value}
      onChange={(e) => {
        change(e.target.value);
        setError(undefined);
      }}
      className={cn(inputVariants(), "pr-8")}
      data-testid={testId}
    >
      {choices.map((c) => (
        <option key={c.id || "own"} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="transfer-open">
        <ArrowRight aria-hidden="true" />
        Move money
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="transfer-form">
          <DialogHeader>
            <DialogTitle>Move money</DialogTitle>
            <DialogDescription>
              Between your wallet and those of the organisations you manage, for example to fund an
              organisation's plans and ads.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1 text-sm">
              <Label htmlFor={ids.from}>From</Label>
              {select(ids.from, from, setFrom, "transfer-from")}
            </div>
            <div className="flex flex-col gap-1 text-sm">
              <Label htmlFor={ids.to}>To</Label>
              {select(ids.to, to, setTo, "transfer-to")}
            </div>
          </div>
          <Field
            label={`Amount (${currency})`}
            error={error}
            control={(props) => (
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setError(undefined);
                }}
                placeholder="25.00"
                data-testid="transfer-amount"
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} data-testid="transfer-submit">
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
