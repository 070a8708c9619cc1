import { AD_CONVERSION_LIMITS } from "@flipside/contracts/ads-constants";
import { type FormEvent, useId, useState } from "react";
import { writeClipboard } from "../../components/shell/copy-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { Copy, Eye, EyeOff, RefreshCw } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type AdConversionSettings, adsApi } from "./ads-client.ts";

/** A line to copy: what it is, the text in a code box, and a copy button. */
function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span className="font-medium text-sm">{label}</span>
      <div className="flex min-w-0 items-start gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs"
          data-testid={testId}
        >
          {text}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void writeClipboard(text).then(
              () => notify.success("Copied"),
              () => notify.error("Could not copy. Select the text and copy it yourself."),
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy<span className="sr-only"> {label}</span>
        </Button>
      </div>
    </div>
  );
}

/**
 * How the advertiser's site reports conversions (ADS.md amendments, decision 041): the window,
 * the pixel, the signed server call and its secret (hidden until shown; OWNERs and ADMINs only).
 */
export function ConversionSettings({
  adAccountId,
  initial,
  canWrite,
}: {
  adAccountId: string;
  initial: AdConversionSettings;
  canWrite: boolean;
}) {
  const [settings, setSettings] = useState(initial);
  const [days, setDays] = useState(String(initial.windowDays));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const windowId = useId();
  const { windowMinDays: min, windowMaxDays: max } = AD_CONVERSION_LIMITS;

  async function saveWindow(event: FormEvent) {
    event.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < min || n > max) {
      setError(`Choose from ${min} to ${max} days.`);
      return;
    }
    setSaving(true);
    try {
      const saved = await adsApi.setConversionWindow(adAccountId, n);
      setSettings(saved);
      setError(null);
      notify.success("Conversion window saved");
    } catch (e) {
      notify.error(isApiError(e) ? e.message : "The window was not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  const pixel = `<img src="${settings.pixel}" width="1" height="1" alt="">`;
  return (
    <Card data-testid="conversion-settings">
      <CardHeader>
        <h2 className="font-semibold leading-snug">Conversions</h2>
        <p className="text-muted-foreground text-sm">
          Count what people do on your site after clicking your ad — a sign-up, an order. The ad&apos;s link
          carries <code className="font-mono">{settings.clickParam}</code>; your site reports it back, and the
          conversion counts for the last click within the window.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={saveWindow} noValidate className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={windowId}>Count conversions up to this many days after the click</Label>
            <input
              id={windowId}
              type="number"
              min={min}
              max={max}
              value={days}
              disabled={!canWrite}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${windowId}-error` : undefined}
              className={inputVariants({ width: "narrow" })}
              data-testid="conversion-window"
            />
          </div>
          {canWrite ? (
            <Button type="submit" variant="outline" loading={saving} data-testid="conversion-window-save">
              Save
            </Button>
          ) : null}
          <FieldError id={`${windowId}-error`} message={error ?? undefined} />
        </form>
        <Snippet
          label="On the page that confirms the conversion, with the click id your page received"
          text={pixel}
          testId="conversion-pixel"
        />
        <Snippet
          label="Or from your server: POST, signed"
          text={settings.endpoint}
          testId="conversion-endpoint"
        />
        <p className="text-muted-foreground text-sm">
          Send <code className="font-mono">{"{ clickId, occurredAt, valueMicros?, signature }"}</code> with
          the signature the hex HMAC-SHA256 of{" "}
          <code className="font-mono">{"clickId.occurredAt.valueMicros"}</code> under your secret. Signed
          reports cannot be forged by anyone who saw a click id.
        </p>
        {settings.secret === null ? (
          <p className="text-muted-foreground text-sm" data-testid="conversion-secret-hidden">
            Only the account&apos;s owners and admins see the secret.
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <span className="font-medium text-sm">Secret</span>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <code
                className="min-w-0 flex-1 break-all rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs"
                data-testid="conversion-secret"
              >
                {shown ? settings.secret : "•".repeat(24)}
              </code>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
                data-testid="conversion-secret-show"
              >
                {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                {shown ? "Hide" : "Show"}
              </Button>
              {canWrite ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setReplacing(true)}
                  data-testid="conversion-secret-replace"
                >
                  <RefreshCw aria-hidden="true" />
                  Replace
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={replacing}
        onOpenChange={setReplacing}
        title="Replace the secret?"
        description="Reports signed with the old secret are refused from now on: update your server with the new one."
        confirmLabel="Replace secret"
        destructive
        confirmTestId="conversion-secret-confirm"
        onConfirm={async () => {
          try {
            setSettings(await adsApi.replaceConversionSecret(adAccountId));
            setShown(true);
            notify.success("Secret replaced");
          } catch (e) {
            notify.error(isApiError(e) ? e.message : "The secret was not replaced. Try again.");
            throw e;
          }
        }}
      />
    </Card>
  );
}
