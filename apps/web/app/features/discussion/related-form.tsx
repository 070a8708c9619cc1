import type { CreateRelatedPage, RelatedPage } from "@flipside/contracts/discussion";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Link2 } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { lazyResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/toast.ts";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { applyFieldErrors, FORM_MODE, TextAreaField, TextField } from "./form-fields.tsx";

type LinkInput = z.input<typeof CreateRelatedPage>;
type LinkOutput = z.output<typeof CreateRelatedPage>;
const resolver = lazyResolver<LinkInput, LinkOutput>(() =>
  import("./form-rules.ts").then((m) => m.relatedPageRules),
);

export function LinkPageForm({
  sitePageId,
  onLinked,
}: {
  sitePageId: string;
  onLinked(link: RelatedPage): void;
}) {
  const gate = useContributionGate();
  const form = useForm<LinkInput, unknown, LinkOutput>({
    resolver,
    defaultValues: { sitePage_id: sitePageId, url: "", reason: "" },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!gate.requireUser()) return;
    if (values.url.trim() === "") {
      form.setError("url", { type: "required", message: "Paste the address of the related page" });
      return;
    }
    try {
      const link = await discussionApi.createRelated({ ...values, reason: values.reason || undefined });
      form.reset({ sitePage_id: sitePageId, url: "", reason: "" });
      onLinked(link);
      notify.success("Related page linked");
    } catch (error) {
      // "{url} is not a valid domain" and "already linked" belong next to the address.
      const code = isApiError(error) ? error.problem.code : undefined;
      if (isApiError(error) && (code === "invalid_url" || code === "conflict") && error.problem.detail) {
        form.setError("url", { type: "server", message: error.problem.detail });
        return;
      }
      const fields = gate.report(error, "The page was not linked. Try again.", ["url", "reason"]);
      applyFieldErrors(fields, ["url", "reason"] as const, form.setError);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Link a related page</CardTitle>
        <CardDescription>Know a page worth reading next to this one? Paste its address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onFocus={resolver.preload}
          noValidate
          className="flex flex-col gap-3"
          data-testid="related-form"
          onSubmit={gate.guardSubmit(onSubmit)}
        >
          <TextField
            label="Address"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://…"
            error={errors.url?.message}
            {...gate.fieldLock}
            data-testid="related-url"
            {...form.register("url")}
          />
          <TextAreaField
            label="Why is it related? (optional)"
            placeholder="It answers the question this page leaves open…"
            error={errors.reason?.message}
            className="[&_textarea]:min-h-16"
            {...gate.fieldLock}
            data-testid="related-reason"
            {...form.register("reason")}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} data-testid="related-submit">
              <Link2 aria-hidden="true" />
              Link page
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
