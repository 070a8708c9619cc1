import type { CreateNote, Note, NoteVisibility } from "@flipside/contracts/discussion";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import { lazyResolver } from "../../lib/lazy-resolver.ts";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { applyFieldErrors, FieldError, FORM_MODE, TextAreaField, TextField } from "./form-fields.tsx";
import { VISIBILITY_LABELS } from "./note-order.ts";

type NoteInput = z.input<typeof CreateNote>;
type NoteOutput = z.output<typeof CreateNote>;
const resolver = lazyResolver<NoteInput, NoteOutput>(() =>
  import("./form-rules.ts").then((m) => m.noteRules),
);
const NOTE_FIELDS = ["title", "body", "pinned", "visibility", "organizationId"] as const;
const VISIBILITIES: readonly NoteVisibility[] = ["PRIVATE", "ORGANIZATION", "PUBLIC"];

/** Writes a new note on the page, or changes one (`note` given). */
export function NoteForm({
  sitePageId,
  note,
  onSaved,
  onCancel,
}: {
  sitePageId: string;
  note?: Note;
  onSaved(note: Note): void;
  onCancel?(): void;
}) {
  const gate = useContributionGate();
  const id = useId();
  const form = useForm<NoteInput, unknown, NoteOutput>({
    resolver,
    defaultValues: {
      sitePage_id: sitePageId,
      title: note?.title ?? "",
      body: note?.body ?? "",
      pinned: note?.pinned ?? false,
      visibility: note?.visibility ?? "PRIVATE",
      organizationId: note?.organizationId ?? null,
    },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;
  const visibility = form.watch("visibility") ?? "PRIVATE";
  const organizations = gate.user?.organizations ?? [];
  const visibilityError = errors.visibility?.message ?? errors.organizationId?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!gate.requireUser()) return;
    try {
      const saved = note
        ? await discussionApi.updateNote(note.id, {
            title: values.title,
            body: values.body,
            pinned: values.pinned,
            visibility: values.visibility,
            organizationId: values.organizationId ?? null,
          })
        : await discussionApi.createNote(values);
      if (!note)
        form.reset({ sitePage_id: sitePageId, title: "", body: "", pinned: false, visibility: "PRIVATE" });
      onSaved(saved);
    } catch (error) {
      const fields = gate.report(error, "Your note was not saved. Try again.", NOTE_FIELDS);
      applyFieldErrors(fields, NOTE_FIELDS, form.setError);
    }
  });

  return (
    <form
      onFocus={resolver.preload}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      data-testid={note ? "note-edit-form" : "note-form"}
    >
      <TextField
        label="Title"
        placeholder="What is this note about?"
        error={errors.title?.message}
        data-testid="note-title"
        {...form.register("title")}
      />
      <TextAreaField
        label="Note"
        placeholder="Markdown supported."
        error={errors.body?.message}
        className="[&_textarea]:min-h-24"
        data-testid="note-body"
        {...form.register("body")}
      />
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        {/* Short options and the chosen one explained below: an option's whole explanation made the
            select as wide as its longest line, wider than a phone (issue 19). */}
        <div className="flex w-full min-w-0 flex-col gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-visibility`}>Who can read it</Label>
          <select
            id={`${id}-visibility`}
            className={cn(inputVariants(), "pr-8 sm:w-56")}
            data-testid="note-visibility"
            aria-describedby={visibilityError ? `${id}-visibility-error` : `${id}-visibility-hint`}
            {...form.register("visibility", {
              // Sharing with an organisation starts with the first one the person belongs to.
              onChange: (event) => {
                if (event.target.value === "ORGANIZATION" && !form.getValues("organizationId"))
                  form.setValue("organizationId", organizations[0]?.id ?? null);
              },
            })}
          >
            {VISIBILITIES.map((value) => (
              // Without an organisation there is nothing to share with.
              <option
                key={value}
                value={value}
                disabled={
                  value === "ORGANIZATION" && organizations.length === 0 && note?.visibility !== value
                }
              >
                {value === "ORGANIZATION" && organizations.length === 0
                  ? `${VISIBILITY_LABELS[value].label} (join one first)`
                  : VISIBILITY_LABELS[value].label}
              </option>
            ))}
          </select>
          {visibilityError ? (
            <FieldError id={`${id}-visibility-error`} message={visibilityError} />
          ) : (
            <p
              id={`${id}-visibility-hint`}
              className="text-muted-foreground text-xs"
              data-testid="note-visibility-hint"
            >
              {VISIBILITY_LABELS[visibility].hint}
            </p>
          )}
        </div>
        {visibility === "ORGANIZATION" && organizations.length > 0 ? (
          <div className="flex w-full min-w-0 flex-col gap-1.5 sm:w-auto">
            <Label htmlFor={`${id}-organization`}>Organisation</Label>
            <select
              id={`${id}-organization`}
              className={cn(inputVariants(), "pr-8 sm:w-56")}
              data-testid="note-organization"
              {...form.register("organizationId")}
            >
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="inline-flex h-9 cursor-pointer sm:mt-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--note)]"
            data-testid="note-pinned"
            {...form.register("pinned")}
          />
          Pin to the top
        </label>
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting} data-testid="note-submit">
          {note ? "Save note" : "Add note"}
        </Button>
      </div>
    </form>
  );
}
