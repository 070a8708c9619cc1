import type { SiteNotice } from "@flipside/contracts/discussion";
import { SITE_NOTICE_MAX_LENGTH } from "@flipside/contracts/website-proof";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { websitesApi } from "./websites-client.ts";

/** The Business plan's notice: written here, shown above the discussion of every page of the site. */
export function NoticeEditor({
  domain,
  organizationId,
  notice,
}: {
  domain: string;
  organizationId: string | null;
  notice: SiteNotice | null;
}) {
  const [saved, setSaved] = useState(notice);
  const [draft, setDraft] = useState(notice?.body ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const left = SITE_NOTICE_MAX_LENGTH - draft.trim().length;

  async function save(body: string) {
    if (body.length > SITE_NOTICE_MAX_LENGTH)
      return setError(`At most ${SITE_NOTICE_MAX_LENGTH} characters.`);
    setSaving(true);
    try {
      const answer = await websitesApi.saveNotice(domain, organizationId, body);
      setSaved(answer.notice);
      setDraft(answer.notice?.body ?? "");
      setError(undefined);
      notify.success(answer.notice ? "Notice pinned on every page of the site" : "Notice removed");
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.body) setError(failure.fieldErrors.body);
      else notify.error(isApiError(failure) ? failure.message : "The notice was not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(draft.trim());
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="notice-heading" data-testid="notice-editor">
      <div className="flex flex-col gap-1">
        <h2 id="notice-heading" className="font-semibold text-lg">
          Notice on every page
        </h2>
        <p className="text-muted-foreground text-sm">
          {`Shown above the discussion of every page of ${domain}, marked as from its verified owner: opening hours, where to get support, a recall. Plain text.`}
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
        <Field
          label="Notice"
          error={error}
          hint={
            saved
              ? `Pinned since ${formatAbsolute(saved.updatedDate)}. ${left >= 0 ? `${left} characters left.` : ""}`
              : `${left >= 0 ? `${left} characters left.` : ""}`
          }
          control={(p) => (
            <Textarea
              {...p}
              rows={3}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(undefined);
              }}
              placeholder="Questions about an order? We answer within a day at support@example.com."
              data-testid="notice-body"
            />
          )}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={saving} disabled={!draft.trim()} data-testid="notice-save">
            {saved ? "Save the notice" : "Pin the notice"}
          </Button>
          {saved ? (
            <Button
              type="button"
              variant="ghost"
              disabled={saving}
              onClick={() => void save("")}
              data-testid="notice-remove"
            >
              Remove
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
