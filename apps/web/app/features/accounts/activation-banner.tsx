import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { MailWarning } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

/** Resends the activation mail; shared by the banner and the activation page. */
export function useResendActivation() {
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      await accountApi.resendActivation();
      notify.success("Activation mail sent. Check your inbox.");
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Activated meanwhile (in another tab, say): the banner has nothing left to say.
        notify.info(error.message);
        await revalidator.revalidate();
      } else {
        notify.error(isApiError(error) ? error.message : "Could not send the mail. Try again.");
      }
    } finally {
      setSending(false);
    }
  }
  return { resend, sending };
}

/**
 * docs/accounts.md: an account that is not activated yet can read but not contribute; this says so
 * on every page and offers a fresh mail.
 */
export function ActivationBanner() {
  const user = useShellUser();
  const { resend, sending } = useResendActivation();
  if (user?.activated !== false) return null;
  return (
    <section
      aria-label="Account activation"
      data-testid="activation-banner"
      className="border-warning/40 border-b bg-warning/10"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Activate your account — check your mail</strong>
            <span className="text-muted-foreground"> to comment, review and vote.</span>
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          loading={sending}
          onClick={resend}
        >
          Resend activation mail
        </Button>
      </div>
    </section>
  );
}
