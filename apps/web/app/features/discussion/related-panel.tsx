import type { CreateRelatedPage, RelatedPage } from "@flipside/contracts/discussion";
import { ExternalLink as ExternalLinkIcon, Link2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { isApiError } from "../../lib/api.ts";
import { lazyResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/toast.ts";
import { AuthorName, TimeAgo } from "./author-byline.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { applyFieldErrors, FORM_MODE, TextAreaField, TextField } from "./form-fields.tsx";
import { ListEmpty, PagedListBody } from "./list-parts.tsx";
import { ExternalLink, PageFavicon } from "./page-favicon.tsx";
import type { PagedList } from "./paged-list.ts";
import { pageViewPath } from "./search-input.ts";
import { UserContent } from "./user-content.tsx";
import { VoteArrows } from "./vote-arrows.tsx";

type LinkInput = z.input<typeof CreateRelatedPage>;
type LinkOutput = z.output<typeof CreateRelatedPage>;
const resolver = lazyResolver<LinkInput, LinkOutput>(() =>
  import("./form-rules.ts").then((m) => m.relatedPageRules),
);

function LinkPageForm({ sitePageId, onLinked }: { sitePageId: string; onLinked(link: RelatedPage): void }) {
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
    <Card className="gap-4">
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
          onSubmit={(event) => {
            if (!gate.user) {
              event.preventDefault();
              gate.requireUser();
              return;
            }
            void onSubmit(event);
          }}
        >
          <TextField
            label="Address"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://…"
            error={errors.url?.message}
            readOnly={!gate.user}
            onClick={() => {
              if (!gate.user) gate.requireUser();
            }}
            data-testid="related-url"
            {...form.register("url")}
          />
          <TextAreaField
            label="Why is it related? (optional)"
            placeholder="It answers the question this page leaves open…"
            error={errors.reason?.message}
            className="[&_textarea]:min-h-16"
            readOnly={!gate.user}
            onClick={() => {
              if (!gate.user) gate.requireUser();
            }}
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

/** One related page, seen from this page: the OTHER page's address, title, domain and favicon. */
function RelatedItem({ link }: { link: RelatedPage }) {
  const other = link.relatedPage;
  const name = link.title?.trim() || other.displayUrl;
  return (
    <article className="flex gap-3" data-testid="related-page" data-related-id={link.id}>
      <VoteArrows
        targetId={link.id}
        label="this related page"
        authorId={link.author?.id}
        orientation="vertical"
        initial={{ up: link.up, down: link.down, score: link.score, myVote: link.myVote }}
        className="shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <PageFavicon src={link.faviconUrl} />
          <AppLink
            to={pageViewPath(other.normalizedUrl)}
            className="min-w-0 truncate font-medium hover:underline"
            data-testid="related-title"
          >
            {name}
          </AppLink>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
          <span className="font-medium" data-testid="related-domain">
            {link.domain}
          </span>
          <ExternalLink
            href={other.displayUrl}
            className="inline-flex min-w-0 items-center gap-1 truncate hover:underline"
            data-testid="related-url-link"
          >
            <span className="truncate">{other.displayUrl}</span>
            <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens the page itself in a new tab)</span>
          </ExternalLink>
        </div>
        {link.reasonHtml ? <UserContent html={link.reasonHtml} /> : null}
        <p className="text-muted-foreground text-xs">
          Linked by <AuthorName author={link.author} /> · <TimeAgo iso={link.createdDate} />
        </p>
      </div>
    </article>
  );
}

export function RelatedPanel({ sitePageId, list }: { sitePageId: string; list: PagedList<RelatedPage> }) {
  const { state } = list;
  return (
    <section aria-label="Related pages" className="flex flex-col gap-5">
      <LinkPageForm sitePageId={sitePageId} onLinked={(link) => list.edit({ type: "prepend", item: link })} />
      <h2 className="border-b pb-2 font-semibold text-sm" data-testid="related-heading">
        {`${state.total.toLocaleString("en")} related ${state.total === 1 ? "page" : "pages"}`}
      </h2>
      <PagedListBody
        list={list}
        loadingLabel="Loading related pages…"
        empty={
          <ListEmpty
            icon={Link2}
            title="No related pages yet"
            description="Link a page that adds to this one: a source, a rebuttal, a better explanation."
            testId="related-empty"
          />
        }
        noun="related pages"
        testId="related-list"
        loadMoreTestId="related-load-more"
        className="flex flex-col gap-5"
        renderItem={(link) => <RelatedItem link={link} />}
      />
    </section>
  );
}
