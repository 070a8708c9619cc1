import {
  AD_AUDIENCE_ACTIONS,
  AD_AUDIENCE_RULE_TYPES,
  AD_LIMITS,
  AD_TARGETING_LIMITS,
  AD_TARGETING_MESSAGES,
  type AdAudienceRuleType,
  AUDIENCE_ACTION_LABELS,
  FILTER_RULE_LABELS,
} from "@flipside/contracts/ads-constants";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field, FieldError } from "../../components/ui/field.tsx";
import { Plus } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { type AdAudience, adsApi } from "./ads-client.ts";
import { nameProblem, OwnedEditor, saveWithMessages } from "./owned-editor.tsx";
import { RuleRow, RuleSelect } from "./rule-row.tsx";

type Rule = AdAudience["rules"][number];
type Row = Rule & { key: number };

const PLACEHOLDERS: Record<AdAudienceRuleType, string> = {
  DOMAIN: "example.com",
  URL_PREFIX: "https://example.com/recipes/",
  URL_EXACT: "https://example.com/page",
};
const ACTIONS = AD_AUDIENCE_ACTIONS.map((a) => [a, AUDIENCE_ACTION_LABELS[a]] as const);
const KINDS = AD_AUDIENCE_RULE_TYPES.map((t) => [t, FILTER_RULE_LABELS[t]] as const);

/** "Viewed example.com", "Commented or reviewed on https://…" */
export function ruleLabel(rule: Rule): string {
  return `${AUDIENCE_ACTION_LABELS[rule.action]} ${rule.value}`;
}

/**
 * An audience's editor (ADS.md §1.6): who joins it (people who viewed, or commented or reviewed
 * on, matching pages) and for how long they stay.
 */
export function AudienceEditor({
  adAccountId,
  audience,
  canWrite,
  onClose,
  onSaved,
}: {
  adAccountId: string;
  audience: AdAudience | null;
  canWrite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(audience?.name ?? "");
  const [days, setDays] = useState(
    String(audience?.membershipDays ?? AD_TARGETING_LIMITS.membershipDaysDefault),
  );
  const [rows, setRows] = useState<Row[]>(() =>
    (audience?.rules ?? [{ action: "VIEWED", type: "DOMAIN", value: "" }]).map((r, key) => ({ ...r, key })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRow = (key: number, change: Partial<Rule>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const rowError = (i: number) =>
    Object.entries(errors).find(([f]) => f === `rules.${i}` || f.startsWith(`rules.${i}.`))?.[1];

  async function save() {
    const membershipDays = Number(days);
    const kept = rows.filter((r) => r.value.trim());
    const found: Record<string, string> = {};
    const problem = nameProblem(name);
    if (problem) found.name = problem;
    if (
      !Number.isInteger(membershipDays) ||
      membershipDays < AD_TARGETING_LIMITS.membershipDaysMin ||
      membershipDays > AD_TARGETING_LIMITS.membershipDaysMax
    )
      found.membershipDays = AD_TARGETING_MESSAGES.days;
    if (kept.length === 0) found.rules = AD_TARGETING_MESSAGES.noRules;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setRows(kept);
    const rules = kept.map(({ action, type, value }) => ({ action, type, value: value.trim() }));
    const content = { name: name.trim(), membershipDays, rules };
    const saved = await saveWithMessages(
      () =>
        audience
          ? adsApi.updateAudience(audience.id, { ...content, version: audience.version })
          : adsApi.createAudience({ adAccountId, ...content }),
      { saved: "Audience saved", what: "audience", setErrors },
    );
    if (saved) onSaved();
  }

  return (
    <OwnedEditor
      testId="audience"
      title={audience ? audience.name : "New audience"}
      description={AD_TARGETING_MESSAGES.audienceInfo}
      canWrite={canWrite}
      saveLabel="Save audience"
      onSave={save}
      onClose={onClose}
      deletion={
        audience
          ? {
              name: audience.name,
              what: "audience",
              remove: () => adsApi.deleteAudience(audience.id),
              deleted: "Audience deleted",
              onDeleted: onSaved,
            }
          : null
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
            onChange={(e) => setName(e.target.value)}
            data-testid="audience-name"
          />
        )}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium text-sm">People who</legend>
        <ul className="flex flex-col gap-3" data-testid="audience-rules">
          {rows.map((row, i) => (
            <RuleRow
              key={row.key}
              n={i + 1}
              selects={
                <>
                  <RuleSelect
                    label={`Rule ${i + 1}: what they did`}
                    value={row.action}
                    options={ACTIONS}
                    onChange={(action) => setRow(row.key, { action })}
                  />
                  <RuleSelect
                    label={`Rule ${i + 1}: kind`}
                    value={row.type}
                    options={KINDS}
                    onChange={(type) => setRow(row.key, { type })}
                  />
                </>
              }
              value={row.value}
              placeholder={PLACEHOLDERS[row.type]}
              error={rowError(i)}
              onValue={(value) => setRow(row.key, { value })}
              onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              testId="audience-rule"
            />
          ))}
        </ul>
        <FieldError id="audience-rules-error" message={errors.rules} />
        {rows.length < AD_TARGETING_LIMITS.audienceRulesMax ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              setRows((current) => [
                ...current,
                {
                  action: "VIEWED",
                  type: "DOMAIN",
                  value: "",
                  key: Math.max(-1, ...current.map((r) => r.key)) + 1,
                },
              ])
            }
            data-testid="audience-add-rule"
          >
            <Plus aria-hidden="true" />
            Add a rule
          </Button>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="audience-days">Keep people in this audience for</label>
          <Input
            id="audience-days"
            type="number"
            min={AD_TARGETING_LIMITS.membershipDaysMin}
            max={AD_TARGETING_LIMITS.membershipDaysMax}
            value={days}
            aria-invalid={errors.membershipDays ? true : undefined}
            onChange={(e) => setDays(e.target.value)}
            className="w-20"
            data-testid="audience-days"
          />
          <span>days</span>
        </div>
        <FieldError id="audience-days-error" message={errors.membershipDays} />
      </div>
    </OwnedEditor>
  );
}
