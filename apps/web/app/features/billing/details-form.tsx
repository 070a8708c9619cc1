import {
  BILLING_ADDRESS_MAX,
  BILLING_NAME_MAX,
  COUNTRY_CODES,
  countryName,
  TAX_ID_MAX,
} from "@flipside/contracts/billing-constants";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type BillingDetails, billingApi } from "./billing-client.ts";

type Errors = Partial<Record<keyof BillingDetails, string>>;

/** The name, address, country and VAT ID invoices are made out to; the country sets the tax. */
export function BillingDetailsForm({
  organizationId,
  details,
  onSaved,
  onCancel,
}: {
  organizationId: string | null;
  details: BillingDetails | null;
  onSaved(details: BillingDetails): void;
  onCancel?: (() => void) | undefined;
}) {
  const [draft, setDraft] = useState<BillingDetails>(
    details ?? { name: "", address: "", country: "", taxId: "" },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const missing: Errors = {};
    if (!draft.name.trim()) missing.name = "Enter the name to put on invoices.";
    if (!draft.country) missing.country = "Choose a country from the list.";
    if (missing.name || missing.country) return setErrors(missing);
    setSaving(true);
    try {
      const saved = await billingApi.saveDetails(organizationId, {
        name: draft.name.trim(),
        address: draft.address.trim(),
        country: draft.country,
        taxId: draft.taxId.trim(),
      });
      setErrors({});
      notify.success("Billing details saved");
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors as Errors);
      else notify.error(isApiError(error) ? error.message : "The billing details were not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  const set = (field: keyof BillingDetails) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form
      onSubmit={save}
      noValidate
      className="flex max-w-xl flex-col gap-4"
      data-testid="billing-details-form"
    >
      <Field
        label="Name"
        hint="A person's or a company's name, as it should read on invoices."
        error={errors.name}
        control={(p) => (
          <Input
            {...p}
            value={draft.name}
            maxLength={BILLING_NAME_MAX}
            autoComplete="organization"
            onChange={(e) => set("name")(e.target.value)}
            data-testid="billing-name"
          />
        )}
      />
      <Field
        label="Address"
        error={errors.address}
        control={(p) => (
          <Textarea
            {...p}
            value={draft.address}
            rows={3}
            maxLength={BILLING_ADDRESS_MAX}
            autoComplete="street-address"
            onChange={(e) => set("address")(e.target.value)}
            data-testid="billing-address"
          />
        )}
      />
      <Field
        label="Country"
        hint="It sets the VAT on your invoices."
        error={errors.country}
        control={(p) => (
          <select
            {...p}
            value={draft.country}
            autoComplete="country"
            onChange={(e) => set("country")(e.target.value)}
            className={cn(inputVariants(), "pr-8")}
            data-testid="billing-country"
          >
            <option value="" disabled>
              Choose a country
            </option>
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        label="VAT ID (optional)"
        error={errors.taxId}
        control={(p) => (
          <Input
            {...p}
            value={draft.taxId}
            maxLength={TAX_ID_MAX}
            onChange={(e) => set("taxId")(e.target.value)}
            data-testid="billing-tax-id"
          />
        )}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={saving} data-testid="billing-details-save">
          Save billing details
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The details as they go on an invoice. */
export function BillingDetailsSummary({ details }: { details: BillingDetails }) {
  return (
    <address className="flex flex-col text-sm not-italic" data-testid="billing-details">
      <span className="font-medium">{details.name}</span>
      {details.address ? <span className="whitespace-pre-line">{details.address}</span> : null}
      <span>{countryName(details.country)}</span>
      {details.taxId ? <span className="text-muted-foreground">{`VAT ID ${details.taxId}`}</span> : null}
    </address>
  );
}
