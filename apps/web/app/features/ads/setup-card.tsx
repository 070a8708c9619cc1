import { type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useRootData, useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import { type AdAccountOwnerChoice, adsApi } from "./ads-client.ts";
import { nameProblem } from "./owned-editor.tsx";

const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
const keyOf = (c: AdAccountOwnerChoice) => c.organizationId ?? "me";

/**
 * "Set up your advertiser account" (ADS.md §1.1): who pays, its name and the time zone its days
 * follow. Shown on the dashboard to a signed-in person without an account, or asked for anew.
 */
export function SetupCard({
  choices,
  canWrite,
  writeBlocked,
}: {
  choices: AdAccountOwnerChoice[];
  canWrite: boolean;
  writeBlocked: string | null;
}) {
  const user = useShellUser();
  const currency = useRootData()?.config.currency ?? "EUR";
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const ids = { owner: useId(), zone: useId(), zoneHint: useId() };
  const [name, setName] = useState(user?.displayName ?? "");
  const [owner, setOwner] = useState(choices[0] ? keyOf(choices[0]) : "me");
  const [zone, setZone] = useState("UTC");
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // The browser's zone is known only in the browser: the server renders UTC, hydration corrects it.
  useEffect(() => {
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (local && ZONES.includes(local)) setZone(local);
  }, []);
  const error = serverErrors.name ?? (touched ? nameProblem(name) : undefined);
  const chosen = choices.find((c) => keyOf(c) === owner) ?? choices[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameProblem(name) || !chosen) return;
    setSending(true);
    try {
      const account = await adsApi.createAccount({
        name: name.trim(),
        ownerKind: chosen.ownerKind,
        ...(chosen.organizationId ? { organizationId: chosen.organizationId } : {}),
        timezone: zone,
      });
      await adsApi.chooseAccount(account.id);
      // Said once every screen knows the account: a click on another /ads screen before the
      // reload finished cancelled it, and that screen still offered to set one up.
      if (new URLSearchParams(window.location.search).has("new")) await navigate("/ads", { replace: true });
      else await revalidate();
      notify.success("Advertiser account created");
    } catch (e) {
      if (isApiError(e) && e.errors.length > 0) setServerErrors(e.fieldErrors);
      else notify.error(isApiError(e) ? e.message : "The advertiser account was not created. Try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Card data-testid="ads-setup">
      <CardContent>
        <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5">
          <div className="flex flex-col gap-1">
            <h2 className="font-semibold text-lg">Set up your advertiser account</h2>
            <p className="text-muted-foreground text-sm">
              Ads are paid from a Flipside wallet and every ad is reviewed before it runs.
            </p>
          </div>
          <Field
            label="Account name"
            error={error}
            control={(props) => (
              <Input
                {...props}
                name="name"
                placeholder="Your company or brand"
                autoComplete="organization"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setServerErrors({});
                }}
                onBlur={() => setTouched(true)}
                data-testid="ads-setup-name"
              />
            )}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium text-sm">Paid from</legend>
            {choices.map((c) => (
              <label key={keyOf(c)} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={ids.owner}
                  value={keyOf(c)}
                  checked={owner === keyOf(c)}
                  onChange={() => setOwner(keyOf(c))}
                  className="size-4 accent-primary"
                  data-testid="ads-setup-owner"
                />
                {c.ownerKind === "USER" ? "My wallet" : `${c.name} wallet`}
              </label>
            ))}
            {serverErrors.organizationId ? (
              <p className="text-destructive text-sm">{serverErrors.organizationId}</p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.zone} className="font-medium text-sm">
              Time zone
            </label>
            <select
              id={ids.zone}
              name="timezone"
              value={zone}
              onChange={(e) => setZone(e.target.value)}
              aria-describedby={ids.zoneHint}
              className={cn(inputVariants(), "pr-8")}
              data-testid="ads-setup-zone"
            >
              {ZONES.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
            <p id={ids.zoneHint} className="text-muted-foreground text-sm">
              Daily budgets, schedules and reports follow this time zone.
            </p>
          </div>
          <p className="text-sm">
            Currency: <span className="font-medium">{currency}</span>
          </p>
          <div className="flex flex-col items-start gap-2">
            <Button type="submit" disabled={sending || !canWrite} data-testid="ads-setup-submit">
              {sending ? "Creating…" : "Create advertiser account"}
            </Button>
            {writeBlocked ? <p className="text-muted-foreground text-sm">{writeBlocked}</p> : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
