import type { CreateReview, Review } from "@flipside/contracts/discussion";
import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Trash2 } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { lazyResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/toast.ts";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { applyFieldErrors, FieldError, FORM_MODE, TextAreaField, TextField } from "./form-fields.tsx";
import { SENTIMENT_STYLE, SENTIMENTS } from "./review-sentiment.tsx";

type ReviewFormInput = z.input<typeof CreateReview>;
type ReviewFormOutput = z.output<typeof CreateReview>;
const resolver = lazyResolver<ReviewFormInput, ReviewFormOutput>(() =>
  import("./form-rules.ts").then((m) => m.reviewRules),
);
const REVIEW_FIELDS = ["sentiment", "title", "body", "expertise"] as const;

/** The viewer's own review: the first post creates it, posting again edits it (docs/discussion.md#reviews). */
export function MyReviewForm({
  sitePageId,
  onSaved,
  onDeleted,
}: {
  sitePageId: string;
  onSaved(review: Review): void;
  onDeleted(id: string): void;
}) {
  const gate = useContributionGate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const userId = gate.user?.id;
  const ownKey = ["my-review", sitePageId, userId];
  // The viewer's own review, to edit; a failure is silent (docs/web-app.md#new-versions-and-failures): the form starts empty.
  const own = useQuery({
    queryKey: ownKey,
    queryFn: () => discussionApi.myReview(sitePageId, userId as string),
    enabled: Boolean(userId),
  });
  const existing = own.data ?? null;
  const loadingOwn = Boolean(userId) && own.isPending;
  const saved = useMemo(
    () =>
      existing
        ? {
            sitePage_id: sitePageId,
            sentiment: existing.sentiment,
            title: existing.title,
            body: existing.body,
            expertise: existing.expertise ?? "",
          }
        : undefined,
    [existing, sitePageId],
  );
  const blank = {
    sitePage_id: sitePageId,
    sentiment: "POSITIVE",
    title: "",
    body: "",
    expertise: "",
  } as const;
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver,
    defaultValues: blank,
    // The form shows the saved review once it has loaded.
    ...(saved ? { values: saved } : {}),
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;
  const sentiment = form.watch("sentiment");

  const onSubmit = form.handleSubmit(async (values) => {
    if (!gate.requireUser()) return;
    try {
      const review = await discussionApi.upsertReview({
        ...values,
        expertise: values.sentiment === "EXPERT" ? values.expertise : null,
      });
      const created = existing === null;
      queryClient.setQueryData(ownKey, review);
      onSaved(review);
      notify.success(created ? "Your review is published" : "Your review is updated");
    } catch (error) {
      const fields = gate.report(error, "Your review was not saved. Try again.", REVIEW_FIELDS);
      applyFieldErrors(fields, REVIEW_FIELDS, form.setError);
    }
  });

  if (loadingOwn) {
    return (
      <Card aria-busy="true">
        <CardContent className="flex flex-col gap-3">
          <span className="sr-only">Loading your review…</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-20 w-full" />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{existing ? "Your review" : "Review this page"}</CardTitle>
        <CardDescription>
          {existing
            ? "You reviewed this page. Change anything and save: your review is updated, not duplicated."
            : "One review per person and page. Say whether it holds up, and why."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onFocus={resolver.preload}
          noValidate
          onSubmit={gate.guardSubmit(onSubmit)}
          className="flex flex-col gap-4"
          data-testid="review-form"
        >
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.sentiment ? `${id}-sentiment` : undefined}
          >
            <legend className="mb-2 font-medium text-sm">Sentiment</legend>
            <div className="flex flex-wrap gap-2">
              {SENTIMENTS.map((value) => {
                const { icon: Icon } = SENTIMENT_STYLE[value];
                return (
                  <label
                    key={value}
                    className={cn(
                      "inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40",
                      sentiment === value
                        ? "border-primary bg-primary/10 text-foreground"
                        : "text-muted-foreground hover:bg-accent",
                    )}
                  >
                    <input
                      type="radio"
                      value={value}
                      className="sr-only"
                      {...form.register("sentiment")}
                      data-testid={`review-sentiment-${value}`}
                    />
                    <Icon className="size-4" aria-hidden="true" />
                    {REVIEW_SENTIMENT_LABELS[value]}
                  </label>
                );
              })}
            </div>
            <FieldError id={`${id}-sentiment`} message={errors.sentiment?.message} />
          </fieldset>
          {sentiment === "EXPERT" ? (
            <TextField
              label="Your expertise"
              placeholder="e.g. Cardiologist, 15 years in practice"
              hint="Shown with your review, with an Expert badge."
              error={errors.expertise?.message}
              data-testid="review-expertise"
              {...form.register("expertise")}
            />
          ) : null}
          <TextField
            label="Title"
            placeholder="Sum it up in a line"
            error={errors.title?.message}
            data-testid="review-title"
            {...gate.fieldLock}
            {...form.register("title")}
          />
          <TextAreaField
            label="Review"
            placeholder="What holds up, what does not? Markdown supported."
            error={errors.body?.message}
            className="[&_textarea]:min-h-28"
            data-testid="review-body"
            {...gate.fieldLock}
            {...form.register("body")}
          />
          {gate.needsActivation ? (
            <p className="text-muted-foreground text-sm">
              Activate your account to publish a review: open the link in the mail we sent you.
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {existing ? (
              <Button
                type="button"
                variant="ghost-destructive"
                onClick={() => setConfirming(true)}
                data-testid="review-delete"
              >
                <Trash2 aria-hidden="true" />
                Delete review
              </Button>
            ) : null}
            <Button type="submit" loading={isSubmitting} data-testid="review-submit">
              {existing ? "Update review" : "Publish review"}
            </Button>
          </div>
        </form>
      </CardContent>
      {existing ? (
        <ConfirmDelete
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete your review?"
          description="It leaves this page's reviews and its sentiment no longer counts. You can write a new one at any time."
          failure="Your review was not deleted. Try again."
          onConfirm={async () => {
            await discussionApi.deleteReview(existing.id);
            queryClient.setQueryData(ownKey, null);
            form.reset(blank);
            onDeleted(existing.id);
            notify.success("Your review is deleted");
          }}
        />
      ) : null}
    </Card>
  );
}
