import {
  ACCOUNT_MESSAGES,
  type Account,
  isPublicWebAddress,
  SOCIAL_LINK_MAX_LENGTH,
  SOCIAL_LINKS_MAX,
} from "@flipside/contracts/accounts";
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Plus, Trash2 } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

/** A row of the editor: its own key, so removing one keeps the others' fields (and their ids) in place. */
interface Row {
  id: number;
  url: string;
}
let rowIds = 0;
const newRow = (url: string): Row => ({ id: ++rowIds, url });
/** At least one row, empty, to type into. */
const rowsOf = (urls: readonly string[]): Row[] => (urls.length > 0 ? urls : [""]).map(newRow);

/**
 * The person's addresses elsewhere (docs/accounts.md#social-links), shown on their public page
 * with rel="me": a Mastodon profile that links back to it shows the link as verified.
 */
export function SocialLinksForm({ account }: { account: Pick<Account, "socialLinks"> }) {
  const { revalidate } = useRevalidator();
  const [links, setLinks] = useState<Row[]>(() => rowsOf(account.socialLinks));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (index: number, value: string) => {
    setLinks((all) => all.map((link, i) => (i === index ? { ...link, url: value } : link)));
    setErrors((all) => ({ ...all, [index]: "" }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const found: Record<number, string> = {};
    links.forEach((link, i) => {
      const value = link.url.trim();
      if (value && !isPublicWebAddress(value)) found[i] = ACCOUNT_MESSAGES.socialLinkInvalid;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await accountApi.updateAccount({
        socialLinks: links.map((link) => link.url.trim()).filter(Boolean),
      });
      setLinks(rowsOf(saved.socialLinks));
      notify.success("Links saved");
      await revalidate();
    } catch (error) {
      if (isApiError(error)) {
        const byIndex: Record<number, string> = {};
        for (const { field, message } of error.errors) {
          const index = /^socialLinks\.(\d+)$/.exec(field)?.[1];
          if (index !== undefined) byIndex[Number(index)] = message;
        }
        if (Object.keys(byIndex).length > 0) setErrors(byIndex);
        else notify.error(error.message);
      } else {
        notify.error("The links were not saved. Try again.");
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4" data-testid="social-links-form">
      <ul className="flex flex-col gap-3">
        {links.map((link, i) => (
          <li key={link.id} className="flex items-start gap-2">
            <Field
              className="min-w-0 flex-1"
              label={`Link ${i + 1}`}
              error={errors[i] || undefined}
              control={(props) => (
                <Input
                  {...props}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  maxLength={SOCIAL_LINK_MAX_LENGTH}
                  placeholder="https://mastodon.social/@you"
                  value={link.url}
                  onChange={(e) => set(i, e.target.value)}
                />
              )}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-6 shrink-0"
              aria-label={`Remove link ${i + 1}`}
              onClick={() => {
                setLinks((all) => (all.length === 1 ? rowsOf([]) : all.filter((_, j) => j !== i)));
                setErrors({});
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={links.length >= SOCIAL_LINKS_MAX}
          onClick={() => setLinks((all) => [...all, newRow("")])}
        >
          <Plus aria-hidden="true" />
          Add a link
        </Button>
        <Button type="submit" loading={busy}>
          Save links
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        {`Up to ${SOCIAL_LINKS_MAX} links. On Mastodon, add your Flipside page to your profile's links to have it shown as verified.`}
      </p>
    </form>
  );
}
