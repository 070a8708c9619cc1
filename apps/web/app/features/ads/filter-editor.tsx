import {
  AD_FILTER_MODES,
  AD_FILTER_RULE_TYPES,
  AD_LIMITS,
  type AdFilterRuleType,
  FILTER_MODE_CHOICES,
  FILTER_RULE_LABELS,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field, FieldError } from "../../components/ui/field.tsx";
import { Plus } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdFilter, type AdFilterRule, adsApi } from "./ads-client.ts";
import { nameProblem, OwnedEditor, saveWithMessages } from "./owned-editor.tsx";
import { RuleRow, RuleSelect } from "./rule-row.tsx";

type Row = AdFilterRule & { key: number };

const PLACEHOLDERS: Record<AdFilterRuleType, string> = {
  DOMAIN: "example.com",
  URL_PREFIX: "https://example.com/news/",
  URL_EXACT: "https://example.com/page",
  KEYWORD: "gambling",
  TOPIC: "politics",
};

const selectClass = cn(inputVariants(), "w-auto pr-8");
const RULE_KINDS = AD_FILTER_RULE_TYPES.map((t) => [t, FILTER_RULE_LABELS[t]] as const);
const ruleType = (value: string): AdFilterRuleType =>
  AD_FILTER_RULE_TYPES.find((t) => t === value) ?? "DOMAIN";

/** The rule rows' messages from the API (`rules.{i}.value`), by row. */
function rowErrors(fieldErrors: Record<string, string>): Map<number, string> {
  const found = new Map<number, string>();
  for (const [field, message] of Object.entries(fieldErrors)) {
    const m = /^rules\.(\d+)(\.|$)/.exec(field);
    if (m) found.set(Number(m[1]), message);
  }
  return found;
}

/**
 * "Paste a list" (ADS.md §1.4): one value per line, all of one kind. The server checks them as it
 * would store them; a bad line refuses the whole paste, each bad line named by its number.
 */
function PasteDialog({ onAdd, onClose }: { onAdd: (rules: AdFilterRule[]) => void; onClose: () => void }) {
  const [type, setType] = useState<AdFilterRuleType>("DOMAIN");
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = { kind: useId(), lines: useId() };

  async function add(event: FormEvent) {
    event.preventDefault();
    const lines = text.split("\n").map((line, i) => ({ n: i + 1, value: line.trim() }));
    const filled = lines.filter((l) => l.value);
    if (filled.length === 0) return setProblems(["Paste at least one line."]);
    setBusy(true);
    try {
      const { rules } = await adsApi.checkRules(filled.map((l) => ({ type, value: l.value })));
      onAdd(rules);
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) {
        const byRow = rowErrors(error.fieldErrors);
        setProblems(
          [...byRow].map(([i, message]) => {
            const line = filled[i];
            return line ? `Line ${line.n}: ${message}` : message;
          }),
        );
      } else notify.error(isApiError(error) ? error.message : "The list was not checked. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="filter-paste">
        <form onSubmit={add} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Paste a list</DialogTitle>
            <DialogDescription>Every line becomes a rule of the kind you choose.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.kind} className="font-medium text-sm">
              Kind
            </label>
            <select
              id={ids.kind}
              value={type}
              onChange={(e) => setType(ruleType(e.target.value))}
              className={selectClass}
            >
              {AD_FILTER_RULE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FILTER_RULE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.lines} className="font-medium text-sm">
              One per line
            </label>
            <Textarea
              id={ids.lines}
              rows={8}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setProblems([]);
              }}
              placeholder={PLACEHOLDERS[type]}
              aria-invalid={problems.length > 0 ? true : undefined}
              data-testid="filter-paste-lines"
            />
          </div>
          {problems.length > 0 ? (
            <ul
              role="alert"
              className="flex max-h-40 flex-col gap-1 overflow-y-auto text-destructive text-sm"
              data-testid="filter-paste-errors"
            >
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="filter-paste-add">
              Add these rules
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Check an address": whether a page would match the saved list, and by which rule. */
function CheckAddress({ filterId }: { filterId: string }) {
  const [url, setUrl] = useState("");
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function check() {
    if (!url.trim()) return;
    setBusy(true);
    try {
      const found = await adsApi.testFilter(filterId, url.trim());
      setResult(
        found.matches
          ? `Matches this list.${found.rule ? ` (${FILTER_RULE_LABELS[found.rule.type]}: ${found.rule.value})` : ""}`
          : "Does not match this list.",
      );
      setError(undefined);
    } catch (e) {
      setResult(null);
      setError(isApiError(e) ? e.message : "The address was not checked. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4">
      <label htmlFor={id} className="font-medium text-sm">
        Check an address
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={url}
          placeholder="Paste a page address"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setResult(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void check();
            }
          }}
          data-testid="filter-check-url"
        />
        <Button
          type="button"
          variant="outline"
          loading={busy}
          onClick={() => void check()}
          data-testid="filter-check"
        >
          Check
        </Button>
      </div>
      {result ? (
        <p aria-live="polite" className="text-sm" data-testid="filter-check-result">
          {result}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A filter list's editor (ADS.md §1.4): its name, whether it keeps ads off matching pages or
 * only on them, and its rules, typed one by one or pasted.
 */
export function FilterEditor({
  adAccountId,
  filter,
  canWrite,
  onClose,
  onSaved,
}: {
  adAccountId: string;
  filter: AdFilter | null;
  canWrite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(filter?.name ?? "");
  const [mode, setMode] = useState(filter?.mode ?? "EXCLUDE");
  const [rows, setRows] = useState<Row[]>(() => (filter?.rules ?? []).map((r, i) => ({ ...r, key: i })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pasting, setPasting] = useState(false);
  const modeName = useId();
  const nextKey = () => Math.max(-1, ...rows.map((r) => r.key)) + 1;
  const byRow = rowErrors(errors);
  const setRow = (key: number, change: Partial<AdFilterRule>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function save() {
    const problem = nameProblem(name);
    if (problem) return setErrors({ name: problem });
    const kept = rows.filter((r) => r.value.trim());
    const rules = kept.map(({ type, value }) => ({ type, value: value.trim() }));
    setRows(kept);
    const content = { name: name.trim(), mode, rules };
    const saved = await saveWithMessages(
      () =>
        filter
          ? adsApi.updateFilter(filter.id, { ...content, version: filter.version })
          : adsApi.createFilter({ adAccountId, ...content }),
      { saved: "Filter list saved", what: "filter list", setErrors },
    );
    if (saved) onSaved();
  }

  return (
    <OwnedEditor
      testId="filter"
      title={filter ? filter.name : "New filter list"}
      description="Keep your ads away from pages and keywords you choose."
      canWrite={canWrite}
      saveLabel="Save filter list"
      onSave={save}
      onClose={onClose}
      deletion={
        filter
          ? {
              name: filter.name,
              what: "filter list",
              remove: () => adsApi.deleteFilter(filter.id),
              deleted: "Filter list deleted",
              onDeleted: onSaved,
            }
          : null
      }
      after={
        <div className="mt-6">
          {filter ? (
            <CheckAddress filterId={filter.id} />
          ) : (
            <p className="text-muted-foreground text-sm">Save the list to check an address against it.</p>
          )}
        </div>
      }
      overlays={
        pasting ? (
          <PasteDialog
            onClose={() => setPasting(false)}
            onAdd={(rules) => {
              setRows((current) => [
                ...current.filter((r) => r.value.trim()),
                ...rules.map((r, i) => ({ ...r, key: nextKey() + i })),
              ]);
              setPasting(false);
            }}
          />
        ) : null
      }
    >
      <Field
        label="Name"
        error={errors.name}
        control={(props) => (
          <Input
            {...props}
            value={name}
            maxLength={AD_LIMITS.nameMax + 20}
            onChange={(e) => {
              setName(e.target.value);
              setErrors(({ name: _, ...rest }) => rest);
            }}
            data-testid="filter-name"
          />
        )}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">Type</legend>
        {AD_FILTER_MODES.map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={modeName}
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
              className="size-4 accent-primary"
              data-testid={`filter-mode-${m}`}
            />
            {FILTER_MODE_CHOICES[m]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium text-sm">Rules</legend>
        {rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">No rules yet: add one, or paste a list.</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="filter-rules">
            {rows.map((row, i) => (
              <RuleRow
                key={row.key}
                n={i + 1}
                selects={
                  <RuleSelect
                    label={`Rule ${i + 1}: kind`}
                    value={row.type}
                    options={RULE_KINDS}
                    onChange={(type) => setRow(row.key, { type })}
                  />
                }
                value={row.value}
                placeholder={PLACEHOLDERS[row.type]}
                error={byRow.get(i)}
                onValue={(value) => setRow(row.key, { value })}
                onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                testId="filter-rule"
              />
            ))}
          </ul>
        )}
        <FieldError id="rules-error" message={errors.rules} />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setRows((current) => [...current, { type: "DOMAIN", value: "", key: nextKey() }])}
            data-testid="filter-add-rule"
          >
            <Plus aria-hidden="true" />
            Add a rule
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setPasting(true)}
            data-testid="filter-paste-open"
          >
            Paste a list
          </Button>
        </div>
      </fieldset>
    </OwnedEditor>
  );
}
