import { decimalToMinor, formatMoney, minorToDecimal } from "@flipside/contracts/money-constants";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { CircleAlert, CircleCheck, CreditCard, LoaderCircle } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { type TopUp as TopUpState, type Wallet, walletApi } from "./wallet-client.ts";

/** Opens the payment provider's checkout for a top-up; throws when it cannot (an `ApiError` says why). */
export async function openTopUpCheckout(
  input: Parameters<typeof walletApi.topUp>[0],
  key: string,
): Promise<void> {
  const started = await walletApi.topUp(input, key);
  if (!started.checkoutUrl) throw new Error("no checkout");
  window.location.assign(started.checkoutUrl);
}

/**
 * Top up: a preset or a typed amount, then the payment provider's checkout. The wallet grows when
 * the provider confirms the payment, not when the person comes back (docs/money.md#paying).
 */
export function TopUp({ wallet }: { wallet: Wallet }) {
  const { currency, topUp } = wallet;
  const ids = { custom: useId(), hint: useId(), error: useId() };
  const [chosen, setChosen] = useState<number | null>(topUp.presets[1] ?? topUp.presets[0] ?? null);
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const typed = custom.trim() ? decimalToMinor(custom, currency) : null;
  const amount = custom.trim() ? typed : chosen;
  const limits = `${formatMoney(topUp.minimum, currency)} to ${formatMoney(topUp.maximum, currency)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!amount || amount < topUp.minimum || amount > topUp.maximum) {
      setError(`Choose an amount from ${limits}.`);
      return;
    }
    setSending(true);
    try {
      await openTopUpCheckout(
        { organizationId: wallet.owner.kind === "ORGANIZATION" ? wallet.owner.id : null, amount },
        // One key per amount: the same amount pressed again reopens the same checkout.
        `${key}-${amount}`,
      );
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : "The checkout did not open. Try again.");
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="top-up-form">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Top up</legend>
        <div className="flex flex-wrap gap-2">
          {topUp.presets.map((preset) => (
            <Button
              key={preset}
              type="button"
              variant={!custom.trim() && chosen === preset ? "default" : "outline"}
              aria-pressed={!custom.trim() && chosen === preset}
              onClick={() => {
                setChosen(preset);
                setCustom("");
                setError(undefined);
              }}
              data-testid="top-up-preset"
            >
              {formatMoney(preset, currency)}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={ids.custom} className="font-medium">
          {`Or another amount (${currency})`}
        </label>
        <Input
          id={ids.custom}
          inputMode="decimal"
          autoComplete="off"
          value={custom}
          placeholder={minorToDecimal(topUp.minimum * 3, currency)}
          onChange={(e) => {
            setCustom(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          className="max-w-48"
          data-testid="top-up-custom"
        />
        <p id={ids.hint} className="text-muted-foreground text-xs">
          {`From ${limits}. You pay on the payment provider's page; the wallet grows as soon as it confirms. The card is kept there to pay renewals of your plans the wallet cannot (change or remove it in Billing).`}
        </p>
        {error ? (
          <p id={ids.error} className="flex items-start gap-1.5 text-destructive text-sm" role="alert">
            <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" loading={sending} className="self-start" data-testid="top-up-submit">
        <CreditCard aria-hidden="true" />
        {amount && amount >= topUp.minimum && amount <= topUp.maximum
          ? `Top up ${formatMoney(amount, currency)}`
          : "Top up"}
      </Button>
    </form>
  );
}

/**
 * Back from the checkout (`?topUp=<session>`): waits for the provider's confirmation, then says
 * how much arrived and refreshes the balance. `cancelled`: nothing was charged.
 */
export function TopUpReturn({
  session,
  organizationId,
  onPaid,
}: {
  session: string;
  organizationId?: string | undefined;
  onPaid(): void;
}) {
  const [state, setState] = useState<TopUpState | "cancelled" | "unknown" | null>(
    session === "cancelled" ? "cancelled" : null,
  );
  // The latest callback, without restarting the wait when the page re-renders with a new one.
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  useEffect(() => {
    if (session === "cancelled") return;
    let stopped = false;
    let tries = 0;
    // Paid before the page was rendered: its data already holds the money, nothing to reload.
    let waited = false;
    const look = async () => {
      tries += 1;
      try {
        const found = await walletApi.topUpState(session, organizationId);
        if (stopped) return;
        setState(found);
        if (found.status === "PAID") return waited ? paidRef.current() : undefined;
        waited = true;
        if (found.status === "EXPIRED") return;
      } catch (failure) {
        if (stopped) return;
        if (isApiError(failure) && failure.status === 404) return setState("unknown");
      }
      // The provider confirms within seconds; after a minute the page says it is still waiting.
      if (tries < 60) window.setTimeout(look, 1000);
    };
    void look();
    return () => {
      stopped = true;
    };
  }, [session, organizationId]);

  const paid = state !== null && typeof state === "object" && state.status === "PAID";
  const text =
    state === "cancelled"
      ? "Top-up cancelled. Nothing was charged."
      : state === "unknown"
        ? "This top-up is not one of this wallet's."
        : state === null || state.status === "OPEN"
          ? "Waiting for the payment provider to confirm your payment…"
          : state.status === "PAID"
            ? `${formatMoney(state.amount, state.currency)} added to the wallet.`
            : "The checkout lapsed before it was paid. Nothing was charged.";
  const Icon = paid
    ? CircleCheck
    : state === null || (typeof state === "object" && state.status === "OPEN")
      ? LoaderCircle
      : CircleAlert;
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-lg p-3 text-sm",
        paid ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-muted",
      )}
      role="status"
      data-testid="top-up-return"
    >
      <Icon
        className={cn("mt-0.5 size-4 shrink-0", Icon === LoaderCircle && "animate-spin")}
        aria-hidden="true"
      />
      <span>{text}</span>
    </p>
  );
}
