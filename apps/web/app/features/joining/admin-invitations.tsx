import { formatInvitationCode, JOINING_LIMITS } from "@flipside/contracts/joining-constants";
import { type FormEvent, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Copy, Plus, Trash2 } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatFull } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { copyInvitationLink } from "./invitation-codes.tsx";
import { type AdminInvitationCode, joiningApi } from "./joining-client.ts";

const STATE: Record<
  AdminInvitationCode["state"],
  { label: string; variant: "success" | "secondary" | "warning" }
> = {
  VALID: { label: "Valid", variant: "success" },
  USED: { label: "Used", variant: "secondary" },
  EXPIRED: { label: "Expired", variant: "warning" },
  REVOKED: { label: "Revoked", variant: "warning" },
};

/** The end of the chosen day in the admin's own time zone. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

/** Mint codes: how many, how many uses each, until when, and what for. */
export function MintCodes({ onMinted }: { onMinted(codes: AdminInvitationCode[]): void }) {
  const [count, setCount] = useState("1");
  const [maxUses, setMaxUses] = useState("1");
  const [until, setUntil] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const codes = await joiningApi.mint({
        count: Number(count),
        maxUses: Number(maxUses),
        ...(until ? { expiresAt: endOfDay(until) } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      notify.success(codes.length === 1 ? "1 code minted" : `${codes.length} codes minted`);
      setNote("");
      onMinted(codes);
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      else notify.error(isApiError(error) ? error.message : "The codes were not minted. Try again.");
    } finally {
      setBusy(false);
    }
  }

  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mint codes</CardTitle>
        <CardDescription>
          For an event or a group: one code for many people, or many codes of one use. Minted codes name no
          inviter.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="mint-codes">
          <Field
            label="How many codes"
            error={errors.count}
            control={(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                max={JOINING_LIMITS.mintMax}
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            )}
          />
          <Field
            label="Uses per code"
            error={errors.maxUses}
            control={(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                max={JOINING_LIMITS.maxUsesMax}
                value={maxUses}
                onChange={(e) => setMaxUses(e.target.value)}
              />
            )}
          />
          <Field
            label="Valid until"
            hint="The end of that day. Empty: no end."
            error={errors.expiresAt}
            control={(props) => (
              <Input
                {...props}
                type="date"
                min={today}
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            )}
          />
          <Field
            label="What for"
            hint="Only admins see it."
            error={errors.note}
            control={(props) => (
              <Input
                {...props}
                value={note}
                maxLength={JOINING_LIMITS.noteMax}
                placeholder="Conference, May"
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          />
          <Button type="submit" loading={busy} className="sm:col-span-2 sm:justify-self-start">
            <Plus aria-hidden="true" />
            Mint
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Every code, newest first: its uses, owner, expiry and note; copy its link or revoke it. */
export function AdminCodeList({
  codes,
  highlighted,
  onChange,
}: {
  codes: AdminInvitationCode[];
  highlighted: ReadonlySet<string>;
  onChange(): void;
}) {
  const [revoking, setRevoking] = useState<AdminInvitationCode | null>(null);
  return (
    <>
      <ul className="flex flex-col divide-y rounded-xl border" data-testid="admin-codes">
        {codes.map((code) => {
          const state = STATE[code.state];
          return (
            <li
              key={code.id}
              className={cn(
                "flex flex-wrap items-center gap-x-4 gap-y-2 p-3",
                highlighted.has(code.id) && "bg-primary/5",
              )}
              data-testid="admin-code"
            >
              <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm tracking-wider">{formatInvitationCode(code.code)}</span>
                  <Badge variant={state.variant}>{state.label}</Badge>
                  <Badge variant="outline">{code.kind === "MINTED" ? "Minted" : "Personal"}</Badge>
                </div>
                <p className="text-muted-foreground text-xs">
                  {code.uses} of {code.maxUses} {code.maxUses === 1 ? "use" : "uses"} taken
                  {code.expiresAt ? ` · until ${formatFull(code.expiresAt)}` : ""}
                  {code.owner ? (
                    <>
                      {" · "}
                      {code.kind === "MINTED" ? "minted by " : "of "}
                      <AppLink to={`/users/${code.owner.id}`} className="underline-offset-4 hover:underline">
                        {code.owner.displayName}
                      </AppLink>
                    </>
                  ) : null}
                </p>
                {code.note ? <p className="text-sm">{code.note}</p> : null}
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void copyInvitationLink(code.link)}
                  aria-label={`Copy the link of ${formatInvitationCode(code.code)}`}
                >
                  <Copy aria-hidden="true" />
                  Copy link
                </Button>
                {code.state === "REVOKED" ? null : (
                  <Button variant="ghost" size="sm" onClick={() => setRevoking(code)}>
                    <Trash2 aria-hidden="true" />
                    Revoke
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking ? formatInvitationCode(revoking.code) : "the code"}?`}
        description="Nobody can join with it any more. People who joined with it keep their accounts."
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await joiningApi.revoke(revoking.id);
          } catch (error) {
            notify.error(isApiError(error) ? error.message : "The code was not revoked. Try again.");
            throw error;
          }
          notify.success("Code revoked");
          onChange();
        }}
      />
    </>
  );
}
