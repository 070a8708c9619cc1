import { type Account, BIO_MAX_LENGTH, UpdateAccountRequest } from "@flipside/contracts/accounts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";
import { applyServerErrors, FORM_MODE } from "./account-forms.ts";
import { FormAlert, TextField } from "./form-fields.tsx";

/** The languages offered, by their own names; an account's other tag is offered as it is. */
const LANGUAGES: readonly { tag: string; name: string }[] = [
  { tag: "en", name: "English" },
  { tag: "de", name: "Deutsch" },
  { tag: "es", name: "Español" },
  { tag: "fr", name: "Français" },
  { tag: "it", name: "Italiano" },
  { tag: "ja", name: "日本語" },
  { tag: "ko", name: "한국어" },
  { tag: "nl", name: "Nederlands" },
  { tag: "pl", name: "Polski" },
  { tag: "pt", name: "Português" },
  { tag: "pt-BR", name: "Português (Brasil)" },
  { tag: "sv", name: "Svenska" },
  { tag: "tr", name: "Türkçe" },
  { tag: "uk", name: "Українська" },
  { tag: "zh", name: "中文" },
];

const shape = UpdateAccountRequest.shape;
const ProfileDetailsSchema = z.object({
  displayName: shape.displayName.unwrap(),
  bio: shape.bio.unwrap(),
  language: shape.language.unwrap(),
});
type ProfileDetailsInput = z.input<typeof ProfileDetailsSchema>;
const FIELDS = ["displayName", "bio", "language"] as const;

const selectClass =
  "h-9 w-full min-w-0 cursor-pointer rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive md:text-sm dark:bg-input/20";

/** Display name, bio and language: what others see of you, saved together. */
export function ProfileDetailsForm({ account }: { account: Account }) {
  const { revalidate } = useRevalidator();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ProfileDetailsInput>({
    resolver: zodResolver(ProfileDetailsSchema),
    defaultValues: { displayName: account.displayName, bio: account.bio, language: account.language },
    ...FORM_MODE,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const bio = useWatch({ control: form.control, name: "bio" });
  const languages = LANGUAGES.some((l) => l.tag === account.language)
    ? LANGUAGES
    : [{ tag: account.language, name: account.language }, ...LANGUAGES];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    let saved: Account;
    try {
      saved = await accountApi.updateAccount(values);
    } catch (error) {
      setFormErrors(
        isApiError(error)
          ? applyServerErrors(error, FIELDS, form.setError)
          : ["Could not save your profile. Try again."],
      );
      return;
    }
    form.reset({ displayName: saved.displayName, bio: saved.bio, language: saved.language });
    notify.success("Your profile is saved");
    // The header and every page showing your name read it again.
    await revalidate();
  });

  const bioLength = [...(bio ?? "")].length;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="profile-details-form">
      <FormAlert messages={formErrors} />
      <TextField
        label="Display name"
        autoComplete="nickname"
        maxLength={60}
        error={errors.displayName?.message}
        hint="Shown with everything you write."
        {...form.register("displayName")}
      />
      <Field
        label="Bio"
        error={errors.bio?.message}
        hint={
          <span className="flex flex-wrap justify-between gap-2">
            <span>Markdown works: **bold**, _italic_, [links](https://…).</span>
            <span className={cn("tabular-nums", bioLength > BIO_MAX_LENGTH && "text-destructive")}>
              {bioLength}/{BIO_MAX_LENGTH}
            </span>
          </span>
        }
        control={(a11y) => (
          <Textarea {...a11y} placeholder="A line or two about you" {...form.register("bio")} />
        )}
      />
      <Field
        label="Language"
        error={errors.language?.message}
        hint="The language you write in most."
        control={(a11y) => (
          <select {...a11y} className={selectClass} {...form.register("language")}>
            {languages.map((l) => (
              <option key={l.tag} value={l.tag} lang={l.tag}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Save profile
        </Button>
        {isDirty ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setFormErrors([]);
              form.reset();
            }}
          >
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
