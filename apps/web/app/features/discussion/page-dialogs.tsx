import type { SitePageView } from "@flipside/contracts/discussion";
import { TOPIC_LIMITS } from "@flipside/contracts/topic-constants";
import type { SiteTopic, Topic } from "@flipside/contracts/topics";
import { OWNER_INVITE_MESSAGE_MAX_LENGTH, WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { type FormEvent, useEffect, useId, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { ShieldCheck, Tag } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { api, isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { useContributionGate } from "./contribution-gate.ts";

/**
 * "Know who runs it?": mails the site's owner an invitation to verify it
 * (POST /v1/site-verifications/invite/, docs/websites.md#inviting-an-owner).
 */
function InviteOwnerForm({ page, onSent }: { page: SitePageView; onSent(): void }) {
  const gate = useContributionGate();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: WEBSITE_MESSAGES.inviteEmailRequired });
      return;
    }
    setSending(true);
    try {
      const sent = await api.post<{ message: string }>("/v1/site-verifications/invite/", {
        sitePage_id: page.id,
        email: email.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      notify.success(sent.message);
      onSent();
    } catch (error) {
      setErrors(gate.report(error, "The invitation was not sent. Try again.", ["email", "message"]));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={gate.guardSubmit(submit)}
      noValidate
      className="flex flex-col gap-3 border-t pt-4"
      data-testid="invite-owner-form"
    >
      <p className="font-medium text-sm">Know who runs it? Invite them to verify it.</p>
      <Field
        compact
        label="Their e-mail address"
        error={errors.email}
        control={(props) => (
          <Input
            {...props}
            {...gate.fieldLock}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors({});
            }}
            data-testid="invite-email"
          />
        )}
      />
      <Field
        compact
        label="A few words from you (optional)"
        error={errors.message}
        hint={`${message.length} / ${OWNER_INVITE_MESSAGE_MAX_LENGTH}, sent as plain text`}
        control={(props) => (
          <Textarea
            {...props}
            {...gate.fieldLock}
            maxLength={OWNER_INVITE_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="invite-message"
          />
        )}
      />
      <Button
        type="submit"
        variant="outline"
        loading={sending}
        className="self-start"
        data-testid="invite-submit"
      >
        Send invitation
      </Button>
    </form>
  );
}

/** "I own this site": how an owner verifies a site and answers officially. */
export function OwnerDialog({
  page,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const gate = useContributionGate();
  const verified = page.site.verificationStatus === "VERIFIED";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="owner-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            {verified ? `${page.site.domain} is verified` : `Do you own ${page.site.domain}?`}
          </DialogTitle>
          <DialogDescription>
            {verified
              ? "Its owner verified it on Flipside: their comments and reviews on its pages are marked as official responses and shown first."
              : "Verify it with a DNS record, a meta tag or a file on the site. Then your comments and reviews on its pages are marked as official responses and shown first."}
          </DialogDescription>
        </DialogHeader>
        {verified ? null : <InviteOwnerForm page={page} onSent={() => onOpenChange(false)} />}
        {verified ? null : (
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            {gate.user ? (
              <Button asChild onClick={() => onOpenChange(false)}>
                <AppLink to={`/profile/websites/claim?address=${page.site.domain}`}>Claim this site</AppLink>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  onOpenChange(false);
                  gate.requireUser();
                }}
              >
                Log in to claim it
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Topics grouped under their parents, each group by name: the taxonomy as the dialog lists it. */
export function groupTopics(all: readonly Topic[]): { parent: Topic; children: Topic[] }[] {
  const children = new Map<string, Topic[]>();
  for (const topic of all) {
    if (!topic.parentId) continue;
    const list = children.get(topic.parentId) ?? [];
    list.push(topic);
    children.set(topic.parentId, list);
  }
  return all
    .filter((t) => !t.parentId)
    .map((parent) => ({ parent, children: children.get(parent.id) ?? [] }));
}

/**
 * "Suggest a topic" (menu id suggest_topic, docs/topics.md): the site's topics with how many people
 * suggested each (the viewer's own can be withdrawn), and the whole taxonomy to choose from,
 * searchable. The three most suggested show on every page of the site.
 */
export function SuggestionsDialog({
  page,
  topics,
  onTopicsChanged,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  topics: readonly SiteTopic[];
  onTopicsChanged(topics: SiteTopic[]): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const gate = useContributionGate();
  const siteId = page.site.id;
  const [all, setAll] = useState<Topic[] | null>(null);
  const [siteTopics, setSiteTopics] = useState<readonly SiteTopic[]>(topics);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setFailed(false);
    Promise.all([
      api.list<Topic>("/v1/topics", { size: TOPIC_LIMITS.pageSize }),
      api.get<SiteTopic[]>("/v1/site-topics", { query: { siteId } }),
    ]).then(
      ([taxonomy, current]) => {
        if (!live) return;
        setAll(taxonomy.items);
        setSiteTopics(current);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, siteId]);

  async function toggle(topic: Topic, mine: boolean) {
    if (!gate.requireUser()) return;
    setBusy(topic.id);
    try {
      if (mine) {
        await api.delete("/v1/site-topics", { query: { siteId, topicId: topic.id } });
      } else {
        await api.post("/v1/site-topics", { siteId, topicId: topic.id });
      }
      const current = await api.get<SiteTopic[]>("/v1/site-topics", { query: { siteId } });
      setSiteTopics(current);
      onTopicsChanged(current.slice(0, TOPIC_LIMITS.shownOnPage));
      notify.success(
        mine ? `${topic.name}: suggestion withdrawn` : `${topic.name} suggested for ${page.site.domain}`,
      );
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "That did not work. Try again.");
    } finally {
      setBusy(null);
    }
  }

  const counts = new Map(siteTopics.map((t) => [t.topic.id, t]));
  const needle = query.trim().toLowerCase();
  const groups = all
    ? groupTopics(all)
        .map(({ parent, children }) => ({
          parent,
          children: needle
            ? children.filter(
                (c) => c.name.toLowerCase().includes(needle) || parent.name.toLowerCase().includes(needle),
              )
            : children,
        }))
        .filter((g) => g.children.length > 0 || (needle && g.parent.name.toLowerCase().includes(needle)))
    : [];

  const chip = (topic: Topic) => {
    const current = counts.get(topic.id);
    const mine = current?.mine ?? false;
    return (
      <Button
        key={topic.id}
        type="button"
        size="sm"
        variant={mine ? "default" : "outline"}
        aria-pressed={mine}
        loading={busy === topic.id}
        disabled={busy !== null}
        onClick={() => toggle(topic, mine)}
        data-testid="topic-option"
        data-slug={topic.slug}
      >
        {topic.name}
        {current ? <span className="tabular-nums opacity-80">{current.suggestions}</span> : null}
      </Button>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="suggestions-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Tag className="size-5 text-primary" aria-hidden="true" />
            Suggest a topic for {page.site.domain}
          </DialogTitle>
          <DialogDescription>
            {`Choose what the site is about (up to ${TOPIC_LIMITS.perPersonPerSite}). The ${TOPIC_LIMITS.shownOnPage} topics most people suggest show on every page of the site; choose one of yours again to withdraw it.`}
          </DialogDescription>
        </DialogHeader>
        {siteTopics.length > 0 ? (
          <section aria-label="Suggested so far" className="flex flex-col gap-2">
            <h3 className="font-medium text-sm">Suggested so far</h3>
            <div className="flex flex-wrap gap-2" data-testid="site-topics">
              {siteTopics.map((t) => chip(t.topic))}
            </div>
          </section>
        ) : null}
        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="font-medium text-sm">
            Find a topic
          </label>
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Cooking, space, football…"
            data-testid="topic-search"
          />
        </div>
        {failed ? (
          <p role="alert" className="text-destructive text-sm">
            The topics could not be loaded. Close this and try again.
          </p>
        ) : !all ? (
          <p className="text-muted-foreground text-sm" aria-busy="true">
            Loading topics…
          </p>
        ) : groups.length === 0 ? (
          <p className="text-muted-foreground text-sm">{`No topic matches “${query.trim()}”.`}</p>
        ) : (
          <div className="flex flex-col gap-4" data-testid="topic-groups">
            {groups.map(({ parent, children }) => (
              <section key={parent.id} aria-label={parent.name} className="flex flex-col gap-2">
                <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
                  {parent.name}
                </h3>
                <div className="flex flex-wrap gap-2">{[parent, ...children].map(chip)}</div>
              </section>
            ))}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
