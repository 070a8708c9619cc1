import {
  proofFor,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_METHODS,
  type VerificationMethod,
} from "@flipside/contracts/website-proof";
import { type ReactNode, useId, useState } from "react";
import { writeClipboard } from "../../components/shell/copy-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Copy, ShieldCheck } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type SiteClaim, websitesApi } from "./websites-client.ts";

/** A value the owner copies into their DNS, page or file, with its own copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted-foreground text-xs">{label}</span>
      <div className="flex min-w-0 items-start gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs"
          data-testid="proof-value"
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() =>
            writeClipboard(value).then(
              () => notify.success("Copied"),
              () => notify.error("Could not copy. Select the text and copy it yourself."),
            )
          }
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function Instructions({ method, claim }: { method: VerificationMethod; claim: SiteClaim }) {
  const proof = proofFor(claim.domain, claim.token);
  const steps: Record<VerificationMethod, ReactNode> = {
    DNS_TXT: (
      <>
        <p>
          At the company that runs the DNS of <strong>{claim.unicodeDomain}</strong>, add a TXT record on the
          domain itself (host <code>@</code>). DNS changes can take some minutes to show.
        </p>
        <CopyValue label="Record value" value={proof.dnsRecord} />
      </>
    ),
    META_TAG: (
      <>
        <p>
          Put this tag in the <code>&lt;head&gt;</code> of your home page, <code>{proof.homePages[0]}</code>{" "}
          (or <code>{proof.homePages[1]}</code>). Keep it there: Flipside checks it again every day.
        </p>
        <CopyValue label="Meta tag" value={proof.metaTag} />
      </>
    ),
    FILE: (
      <>
        <p>
          Put a text file at <code className="break-all">{proof.fileUrl}</code> that holds exactly this value.
          Keep it there: Flipside checks it again every day.
        </p>
        <CopyValue label="File content" value={proof.fileContent} />
      </>
    ),
  };
  return <div className="flex flex-col gap-3 text-sm">{steps[method]}</div>;
}

/**
 * The three ways to prove control of a site, each with what to copy, and "Verify now", which
 * checks the chosen way at once and says what it found (docs/websites.md#verification).
 */
export function VerifyPanel({ claim, onChange }: { claim: SiteClaim; onChange(claim: SiteClaim): void }) {
  const id = useId();
  const [method, setMethod] = useState<VerificationMethod>(claim.method ?? "DNS_TXT");
  const [checking, setChecking] = useState(false);
  const found = claim.lastCheck;

  async function verify() {
    setChecking(true);
    try {
      const checked = await websitesApi.check(claim.id, method);
      onChange(checked);
      if (checked.status === "VERIFIED") notify.success(`${checked.unicodeDomain} is verified`);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The check did not run. Try again.");
    } finally {
      setChecking(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border p-4 sm:p-5"
      data-testid="verify-panel"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          Prove that {claim.unicodeDomain} is yours
        </h2>
        <p className="text-muted-foreground text-sm">
          Choose one way. Each holds a secret made for this claim only.
        </p>
      </div>
      <div role="radiogroup" aria-label="Way to verify" className="grid gap-2 sm:grid-cols-3">
        {VERIFICATION_METHODS.map((m) => (
          <label
            key={m}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40",
              method === m && "border-primary bg-primary/5",
            )}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
              className="size-4 accent-primary"
              data-testid={`method-${m}`}
            />
            {VERIFICATION_METHOD_LABELS[m]}
          </label>
        ))}
      </div>
      <Instructions method={method} claim={claim} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={verify} loading={checking} data-testid="verify-now">
          <ShieldCheck aria-hidden="true" />
          Verify now
        </Button>
        {claim.status === "PLANNED" && claim.nextCheckDate ? (
          <p className="text-muted-foreground text-sm">Flipside also tries again on its own.</p>
        ) : null}
      </div>
      <div role="status" aria-live="polite">
        {found && !found.ok ? (
          <p
            className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
            data-testid="check-result"
          >
            <strong>{`Not verified by ${VERIFICATION_METHOD_LABELS[found.method]}: `}</strong>
            {found.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
