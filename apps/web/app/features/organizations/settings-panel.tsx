import { ORGANIZATION_LIMITS, ORGANIZATION_MESSAGES } from "@flipside/contracts/organization-constants";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Crown, ImagePlus, LogOut, Trash2 } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import type { MembersPanelProps } from "./members-panel.tsx";
import { type OrganizationDetail, organizationsApi } from "./organizations-client.ts";

type Errors = Partial<Record<"name" | "slug" | "description" | "website", string>>;

/** Name, address, description, website and picture: owners change them; everyone sees them. */
export function SettingsPanel({ org, onChange }: { org: OrganizationDetail; onChange(): void }) {
  const owner = org.role === "OWNER";
  const [draft, setDraft] = useState({
    name: org.name,
    slug: org.slug,
    description: org.description,
    website: org.website ?? "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft.name.trim()) return setErrors({ name: ORGANIZATION_MESSAGES.nameRequired });
    setSaving(true);
    try {
      await organizationsApi.update(org.id, {
        name: draft.name.trim(),
        slug: draft.slug.trim(),
        description: draft.description.trim(),
        website: draft.website.trim(),
      });
      setErrors({});
      notify.success("Settings saved");
      onChange();
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors as Errors);
      else notify.error(isApiError(error) ? error.message : "The settings were not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  async function upload(picked: File | undefined) {
    if (!picked) return;
    setUploading(true);
    try {
      const base64 = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error("The picture could not be read"));
        reader.readAsDataURL(picked);
      });
      await organizationsApi.changeImage(org.id, base64);
      notify.success("Picture changed");
      onChange();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The picture was not changed. Try another one.");
    } finally {
      setUploading(false);
      if (file.current) file.current.value = "";
    }
  }

  const set = (field: keyof typeof draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <section className="flex flex-col gap-6" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="font-semibold text-lg">
        Settings
      </h2>
      {owner ? null : (
        <p className="text-muted-foreground text-sm">Only the organisation's owners change its settings.</p>
      )}
      <div className="flex items-center gap-4">
        <Avatar name={org.name} imageUrl={org.imageUrl} className="size-16 text-lg" />
        {owner ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => void upload(e.target.files?.[0])}
              data-testid="organization-image-input"
              aria-label="Choose a picture"
            />
            <Button variant="outline" size="sm" loading={uploading} onClick={() => file.current?.click()}>
              <ImagePlus aria-hidden="true" />
              Change picture
            </Button>
            {org.imageUrl ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  void organizationsApi
                    .removeImage(org.id)
                    .then(onChange, () => notify.error("The picture was not removed. Try again."))
                }
              >
                Remove
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <form onSubmit={save} noValidate className="flex max-w-xl flex-col gap-4" data-testid="settings-form">
        <fieldset disabled={!owner} className="flex flex-col gap-4">
          <Field
            label="Name"
            error={errors.name}
            control={(p) => (
              <Input
                {...p}
                value={draft.name}
                maxLength={ORGANIZATION_LIMITS.nameMax + 20}
                onChange={(e) => set("name")(e.target.value)}
                data-testid="settings-name"
              />
            )}
          />
          <Field
            label="Address"
            error={errors.slug}
            hint="Lower-case letters, digits and hyphens; unique."
            control={(p) => (
              <Input
                {...p}
                value={draft.slug}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(e) => set("slug")(e.target.value.toLowerCase())}
                data-testid="settings-slug"
              />
            )}
          />
          <Field
            label="Description"
            error={errors.description}
            control={(p) => (
              <Textarea
                {...p}
                rows={3}
                value={draft.description}
                onChange={(e) => set("description")(e.target.value)}
              />
            )}
          />
          <Field
            label="Website"
            error={errors.website}
            control={(p) => (
              <Input
                {...p}
                inputMode="url"
                placeholder="https://example.com"
                value={draft.website}
                onChange={(e) => set("website")(e.target.value)}
              />
            )}
          />
        </fieldset>
        {owner ? (
          <Button type="submit" loading={saving} className="self-start" data-testid="settings-save">
            Save settings
          </Button>
        ) : null}
      </form>
      <ShowOnProfile org={org} onChange={onChange} />
    </section>
  );
}

/** Each member chooses whether the public page lists them. */
function ShowOnProfile({ org, onChange }: { org: OrganizationDetail; onChange(): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <label className="flex max-w-xl items-start gap-3 rounded-lg border p-4 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={org.showOnProfile}
        disabled={busy}
        onChange={async (e) => {
          setBusy(true);
          try {
            await organizationsApi.membership(org.id, e.target.checked);
            onChange();
          } catch {
            notify.error("Your choice was not saved. Try again.");
          } finally {
            setBusy(false);
          }
        }}
        data-testid="show-on-profile"
      />
      <span className="flex flex-col gap-1">
        <span className="font-medium">Show me on the organisation's public page</span>
        <span className="text-muted-foreground">
          Anyone can see the members who choose this. Your choice is yours alone.
        </span>
      </span>
    </label>
  );
}

/** Leaving, handing over ownership and deleting: each says what it means before it happens. */
export function DangerZone({ org, members, viewerId, onChange }: MembersPanelProps) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"leave" | "transfer" | "delete" | null>(null);
  const [typed, setTyped] = useState("");
  const others = members.filter((m) => m.profile.id !== viewerId);
  const [heir, setHeir] = useState(others[0]?.profile.id ?? "");
  const owners = members.filter((m) => m.role === "OWNER").length;
  const lastOwner = org.role === "OWNER" && owners <= 1;

  const fail = (fallback: string) => (error: unknown) => {
    notify.error(isApiError(error) ? error.message : fallback);
    throw error;
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="danger-heading">
      <h2 id="danger-heading" className="font-semibold text-destructive text-lg">
        Danger zone
      </h2>
      <ul className="divide-y rounded-xl border border-destructive/40">
        {org.role === "OWNER" ? (
          <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <span className="flex flex-1 flex-col gap-1 text-sm">
              <span className="font-medium">Transfer ownership</span>
              <span className="text-muted-foreground">
                The member you choose becomes an owner; you become an admin.
              </span>
            </span>
            {others.length === 0 ? (
              <span className="text-muted-foreground text-sm">Invite someone first.</span>
            ) : (
              <div className="flex gap-2">
                <select
                  className={cn(inputVariants({ width: "auto" }), "max-w-48 pr-8")}
                  value={heir}
                  onChange={(e) => setHeir(e.target.value)}
                  aria-label="New owner"
                  data-testid="transfer-to"
                >
                  {others.map((m) => (
                    <option key={m.profile.id} value={m.profile.id}>
                      {m.profile.displayName}
                    </option>
                  ))}
                </select>
                <Button
                  variant="outline"
                  onClick={() => setDialog("transfer")}
                  data-testid="transfer-ownership"
                >
                  <Crown aria-hidden="true" />
                  Transfer
                </Button>
              </div>
            )}
          </li>
        ) : null}
        <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <span className="flex flex-1 flex-col gap-1 text-sm">
            <span className="font-medium">Leave the organisation</span>
            <span className="text-muted-foreground">
              {lastOwner
                ? "You are its only owner: make another member an owner (or transfer ownership) before you leave."
                : "You will no longer read its notes. Notes you wrote for it stay with it."}
            </span>
          </span>
          <Button
            variant="outline"
            disabled={lastOwner}
            onClick={() => setDialog("leave")}
            data-testid="leave-organization"
          >
            <LogOut aria-hidden="true" />
            Leave
          </Button>
        </li>
        {org.role === "OWNER" ? (
          <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <span className="flex flex-1 flex-col gap-1 text-sm">
              <span className="font-medium">Delete the organisation</span>
              <span className="text-muted-foreground">
                Its notes, members and invitations go for good. Its websites return to the people who claimed
                them.
              </span>
            </span>
            <Button
              variant="destructive"
              onClick={() => setDialog("delete")}
              data-testid="delete-organization"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </li>
        ) : null}
      </ul>

      <ConfirmDialog
        open={dialog === "leave"}
        onOpenChange={(o) => !o && setDialog(null)}
        title={`Leave ${org.name}?`}
        description="You will no longer read its notes or answer for its websites. To come back, someone has to invite you again."
        confirmLabel="Leave"
        destructive
        onConfirm={() =>
          organizationsApi.removeMember(org.id, viewerId).then(() => {
            notify.success(`You left ${org.name}`);
            navigate("/profile/organizations");
          }, fail("You did not leave. Try again."))
        }
      />
      <ConfirmDialog
        open={dialog === "transfer"}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Transfer ownership?"
        description={`${others.find((m) => m.profile.id === heir)?.profile.displayName ?? "They"} becomes an owner of ${org.name} and you become an admin. Only an owner can make you an owner again.`}
        confirmLabel="Transfer ownership"
        onConfirm={() =>
          organizationsApi.transfer(org.id, heir).then(() => {
            notify.success("Ownership transferred");
            onChange();
          }, fail("Ownership was not transferred. Try again."))
        }
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(o) => {
          if (!o) setDialog(null);
          setTyped("");
        }}
        title={`Delete ${org.name}?`}
        description={`This cannot be undone. Its shared notes (${org.counts.notes}), members and invitations go; its websites return to the people who claimed them.`}
        confirmLabel="Delete the organisation"
        destructive
        confirmDisabled={typed.trim().toLowerCase() !== org.slug}
        onConfirm={() =>
          organizationsApi.remove(org.id, typed.trim()).then(() => {
            notify.success(`${org.name} is deleted`);
            navigate("/profile/organizations");
          }, fail("The organisation was not deleted. Try again."))
        }
      >
        <Field
          label={`Type ${org.slug} to confirm`}
          control={(p) => (
            <Input
              {...p}
              value={typed}
              autoCapitalize="none"
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
              data-testid="delete-confirm"
            />
          )}
        />
      </ConfirmDialog>
    </section>
  );
}
