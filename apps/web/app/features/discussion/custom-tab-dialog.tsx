import {
  CUSTOM_TAB_KIND_LABELS,
  CUSTOM_TAB_KINDS,
  CUSTOM_TAB_NAME_MAX_LENGTH,
  type CustomTabFilter,
  type CustomTabKind,
  DEFAULT_CUSTOM_TAB_FILTER,
} from "@flipside/contracts/custom-tab-filter";
import { CreateCustomTab, type CustomTab } from "@flipside/contracts/custom-tabs";
import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import type { ReviewSentiment } from "@flipside/contracts/enums";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { isApiError } from "../../lib/api.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import { customTabWrites } from "./custom-tab-writes.ts";
import { TextField } from "./form-fields.tsx";

const SENTIMENTS: readonly ReviewSentiment[] = ["POSITIVE", "NEGATIVE", "EXPERT"];

/** The form as typed: the minimum score is text until it is checked. */
interface Draft extends Omit<CustomTabFilter, "minScore"> {
  name: string;
  minScore: string;
}

type FieldName = "name" | "kinds" | "sentiments" | "minScore";
type Errors = Partial<Record<FieldName, string>>;

function draftOf(name: string, filter: CustomTabFilter): Draft {
  return { ...filter, name, minScore: filter.minScore === null ? "" : String(filter.minScore) };
}

function requestOf(draft: Draft) {
  const { name, minScore, ...filter } = draft;
  const score = minScore.trim();
  return {
    name,
    filter: {
      ...filter,
      // Sentiments only mean something with reviews: dropping reviews drops them.
      sentiments: filter.kinds.includes("REVIEW") ? filter.sentiments : [],
      minScore: score === "" ? null : Number(score),
    },
  };
}

/** The contracts' own rules, with each message under its field. */
function check(draft: Draft): Errors {
  const parsed = CreateCustomTab.safeParse(requestOf(draft));
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] === "filter" ? issue.path[1] : issue.path[0]) as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What a tab made from a built-in view starts as: that view's kind, and its order. */
function filterFromView(view: string, topFirst: boolean): CustomTabFilter {
  const sort = topFirst ? "top" : "newest";
  switch (view) {
    case "comments":
      return { ...DEFAULT_CUSTOM_TAB_FILTER, kinds: ["COMMENT"], sort };
    case "reviews":
      return { ...DEFAULT_CUSTOM_TAB_FILTER, kinds: ["REVIEW"] };
    case "related-page":
      return { ...DEFAULT_CUSTOM_TAB_FILTER, kinds: ["RELATED_PAGE"] };
    default:
      return DEFAULT_CUSTOM_TAB_FILTER;
  }
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/**
 * Make a tab or change one (docs/discussion.md#custom-tabs): a name and what the tab shows.
 * Checked as the API checks it, on blur and then on every change; the API's answer has the
 * last word (a name already used).
 */
export function CustomTabDialog({
  open,
  onOpenChange,
  tab,
  initialFilter,
  fromView,
  initialName = "",
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The tab to change; a new one when absent. */
  tab?: CustomTab | undefined;
  /** What a new tab starts from: a suggestion's filter, or the page view's tab it is made from. */
  initialFilter?: CustomTabFilter | undefined;
  fromView?: { view: string; topFirst: boolean } | undefined;
  initialName?: string;
  onSaved(tab: CustomTab): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="custom-tab-dialog">
        {/* Mounted afresh on each opening, so it starts from the tab or the view each time. */}
        {open ? (
          <TabForm
            tab={tab}
            initial={
              tab
                ? draftOf(tab.name, tab.filter)
                : draftOf(
                    initialName,
                    initialFilter ?? filterFromView(fromView?.view ?? "", fromView?.topFirst ?? false),
                  )
            }
            onCancel={() => onOpenChange(false)}
            onSaved={(saved) => {
              onOpenChange(false);
              onSaved(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TabForm({
  tab,
  initial,
  onCancel,
  onSaved,
}: {
  tab: CustomTab | undefined;
  initial: Draft;
  onCancel(): void;
  onSaved(tab: CustomTab): void;
}) {
  const user = useShellUser();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  // The API's word on the name (already used), until the form changes again.
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Worked out from the draft on each render, never kept: a blur runs after the press that
  // caused it (lib/after-press.ts), so a message it stored would be of the draft before the click.
  const errors: Errors = { ...(touched ? check(draft) : {}), ...serverErrors };

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setServerErrors({});
  };
  const blur = () => setTouched(true);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    const found = check(draft);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      const first = (["name", "kinds", "sentiments", "minScore"] as const).find((f) => found[f]);
      document.querySelector<HTMLElement>(`[data-tab-field="${first}"]`)?.focus();
      return;
    }
    const body = requestOf(draft);
    setSaving(true);
    try {
      const saved = tab ? await customTabWrites.update(tab.id, body) : await customTabWrites.create(body);
      notify.success(tab ? `“${saved.name}” is saved` : `“${saved.name}” is added to your tabs`);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.name) {
        setServerErrors({ name: error.fieldErrors.name });
        document.querySelector<HTMLElement>('[data-tab-field="name"]')?.focus();
      } else {
        setFormError(isApiError(error) ? error.message : "Could not save the tab. Try again.");
      }
    } finally {
      setSaving(false);
    }
  }

  const reviews = draft.kinds.includes("REVIEW");
  // The viewer's organisations (and the tab's own, should they have left it since).
  const organizations = user?.organizations ?? [];
  const authors: (readonly [string, string])[] = [
    ["anyone", "Anyone"],
    ["me", "Only me"],
    ...organizations.map((o) => [`organization-${o.id}`, `Members of ${o.name}`] as const),
  ];
  if (initial.organizationId && !organizations.some((o) => o.id === initial.organizationId)) {
    authors.push([`organization-${initial.organizationId}`, "Members of an organisation you have left"]);
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="custom-tab-form">
      <DialogHeader>
        <DialogTitle>{tab ? "Change tab" : "New tab"}</DialogTitle>
        <DialogDescription>
          A tab of your own on every page: it shows the contributions there that match it.
        </DialogDescription>
      </DialogHeader>
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-destructive text-sm">
          {formError}
        </p>
      ) : null}
      <TextField
        label="Name"
        value={draft.name}
        maxLength={CUSTOM_TAB_NAME_MAX_LENGTH + 10}
        placeholder="Expert reviews"
        error={errors.name}
        data-tab-field="name"
        data-testid="custom-tab-name"
        onChange={(e) => change({ name: e.target.value })}
        onBlur={blur}
        autoFocus
      />
      <Choices legend="Show" error={errors.kinds} field="kinds">
        {CUSTOM_TAB_KINDS.map((kind: CustomTabKind, i) => (
          <Check
            key={kind}
            label={CUSTOM_TAB_KIND_LABELS[kind]}
            checked={draft.kinds.includes(kind)}
            onChange={(on) => change({ kinds: toggle(draft.kinds, kind, on) })}
            field={i === 0 ? "kinds" : undefined}
            testId={`custom-tab-kind-${kind}`}
          />
        ))}
      </Choices>
      {reviews ? (
        <Choices
          legend="Which reviews"
          hint="None ticked: every review."
          error={errors.sentiments}
          field="sentiments"
        >
          {SENTIMENTS.map((sentiment, i) => (
            <Check
              key={sentiment}
              label={REVIEW_SENTIMENT_LABELS[sentiment]}
              checked={draft.sentiments.includes(sentiment)}
              onChange={(on) => change({ sentiments: toggle(draft.sentiments, sentiment, on) })}
              field={i === 0 ? "sentiments" : undefined}
              testId={`custom-tab-sentiment-${sentiment}`}
            />
          ))}
        </Choices>
      ) : null}
      <Radios
        legend="Written by"
        name="author"
        value={draft.author === "organization" ? `organization-${draft.organizationId}` : draft.author}
        options={authors}
        onChange={(value) =>
          change(
            value === "anyone" || value === "me"
              ? { author: value, organizationId: null }
              : { author: "organization", organizationId: value.slice("organization-".length) },
          )
        }
      />
      <TextField
        label="Minimum score"
        type="number"
        inputMode="numeric"
        step={1}
        value={draft.minScore}
        placeholder="Any"
        hint="Up votes minus down votes. Leave it empty for any score."
        error={errors.minScore}
        data-tab-field="minScore"
        data-testid="custom-tab-min-score"
        onChange={(e) => change({ minScore: e.target.value })}
        onBlur={blur}
        className="max-w-48"
      />
      <Radios
        legend="Attachments"
        name="attachments"
        value={draft.attachments}
        options={[
          ["any", "With or without"],
          ["with", "Only with pictures or video"],
          ["without", "Only without"],
        ]}
        onChange={(attachments) => change({ attachments })}
      />
      <Radios
        legend="Order"
        name="sort"
        value={draft.sort}
        options={[
          ["newest", "Newest first"],
          ["top", "Top first"],
        ]}
        onChange={(sort) => change({ sort })}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} data-testid="custom-tab-save">
          {tab ? "Save tab" : "Add tab"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Choices({
  legend,
  hint,
  error,
  field,
  children,
}: {
  legend: string;
  hint?: string;
  error: string | undefined;
  field: FieldName;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      data-testid={`custom-tab-${field}`}
    >
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">{children}</div>
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function Check({
  label,
  checked,
  onChange,
  field,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  field: FieldName | undefined;
  testId: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-tab-field={field}
        data-testid={testId}
      />
      {label}
    </label>
  );
}

function Radios<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange(value: V): void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([v, label]) => (
          <label key={v} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={v}
              className="size-4 cursor-pointer accent-primary"
              checked={value === v}
              onChange={() => onChange(v)}
              data-testid={`custom-tab-${name}-${v}`}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
