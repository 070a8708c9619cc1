import {
  ORGANIZATION_LIMITS,
  ORGANIZATION_MESSAGES,
  slugFrom,
} from "@flipside/contracts/organization-constants";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
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
import { Plus } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { organizationPath, organizationsApi } from "./organizations-client.ts";

type Errors = Partial<Record<"name" | "slug" | "description" | "website", string>>;

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** What the server would say of the fields, said before sending (the server checks again). */
function check(draft: { name: string; slug: string; website: string; description: string }): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = ORGANIZATION_MESSAGES.nameRequired;
  else if (draft.name.trim().length > ORGANIZATION_LIMITS.nameMax)
    errors.name = ORGANIZATION_MESSAGES.nameTooLong;
  const slug = draft.slug.trim();
  if (
    slug.length < ORGANIZATION_LIMITS.slugMin ||
    slug.length > ORGANIZATION_LIMITS.slugMax ||
    !SLUG.test(slug)
  )
    errors.slug = ORGANIZATION_MESSAGES.slugInvalid;
  if (draft.website.trim() && !/^https?:\/\/[^\s/?#]+\.\S*$/i.test(draft.website.trim()))
    errors.website = ORGANIZATION_MESSAGES.websiteInvalid;
  if (draft.description.length > ORGANIZATION_LIMITS.descriptionMax)
    errors.description = ORGANIZATION_MESSAGES.descriptionTooLong;
  return errors;
}

/** "New organisation": name (the address follows it until edited), description, website. */
export function CreateOrganization({ label = "New organisation" }: { label?: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ name: "", slug: "", description: "", website: "" });
  const [slugEdited, setSlugEdited] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  // Messages follow the draft on every render (lib/after-press.ts: never from a stale closure).
  const errors = submitted ? { ...check(draft), ...serverErrors } : serverErrors;

  function change(field: keyof typeof draft, value: string) {
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setDraft((d) => {
      const next = { ...d, [field]: value };
      if (field === "name" && !slugEdited) next.slug = slugFrom(value);
      return next;
    });
    if (field === "slug") setSlugEdited(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(check(draft)).length > 0) return;
    setSending(true);
    try {
      const org = await organizationsApi.create({
        name: draft.name.trim(),
        slug: draft.slug.trim(),
        description: draft.description.trim(),
        website: draft.website.trim(),
      });
      notify.success(`${org.name} is created`);
      setOpen(false);
      navigate(organizationPath(org.id));
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setServerErrors(error.fieldErrors as Errors);
      else notify.error(isApiError(error) ? error.message : "The organisation was not created. Try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setDraft({ name: "", slug: "", description: "", website: "" });
          setSlugEdited(false);
          setSubmitted(false);
          setServerErrors({});
        }
      }}
    >
      <Button onClick={() => setOpen(true)} data-testid="create-organization">
        <Plus aria-hidden="true" />
        {label}
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="organization-form">
          <DialogHeader>
            <DialogTitle>New organisation</DialogTitle>
            <DialogDescription>
              A team on Flipside: members share notes on the pages they read and answer officially on the
              organisation's websites. You will be its owner.
            </DialogDescription>
          </DialogHeader>
          <Field
            label="Name"
            error={errors.name}
            control={(props) => (
              <Input
                {...props}
                name="name"
                autoComplete="organization"
                maxLength={ORGANIZATION_LIMITS.nameMax + 20}
                value={draft.name}
                onChange={(e) => change("name", e.target.value)}
                data-testid="organization-name"
              />
            )}
          />
          <Field
            label="Address"
            error={errors.slug}
            hint="Lower-case letters, digits and hyphens. It names the organisation in links and must be unique."
            control={(props) => (
              <Input
                {...props}
                name="slug"
                autoCapitalize="none"
                spellCheck={false}
                value={draft.slug}
                onChange={(e) => change("slug", e.target.value.toLowerCase())}
                data-testid="organization-slug"
              />
            )}
          />
          <Field
            label="Description"
            error={errors.description}
            hint="Optional. Shown on its public page."
            control={(props) => (
              <Textarea
                {...props}
                name="description"
                rows={3}
                value={draft.description}
                onChange={(e) => change("description", e.target.value)}
                data-testid="organization-description"
              />
            )}
          />
          <Field
            label="Website"
            error={errors.website}
            hint="Optional."
            control={(props) => (
              <Input
                {...props}
                name="website"
                inputMode="url"
                placeholder="https://example.com"
                value={draft.website}
                onChange={(e) => change("website", e.target.value)}
                data-testid="organization-website"
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} data-testid="organization-submit">
              Create organisation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
