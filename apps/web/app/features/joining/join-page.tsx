import {
  JOINING_LIMITS,
  JOINING_MESSAGES,
  normalizeInvitationCode,
} from "@flipside/contracts/joining-constants";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import {
  KeyRound,
  MailCheck,
  MessageSquare,
  NotebookPen,
  Star,
  UserPlus,
  Users,
} from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { joiningApi } from "./joining-client.ts";

const HIGHLIGHTS = [
  { icon: MessageSquare, text: "Read and write comments on any web page, by its address." },
  { icon: Star, text: "Reviews, related pages and what the site's owner answers, in one place." },
  { icon: NotebookPen, text: "Your own notes on every page: private, for a group, or public." },
] as const;

/** What Flipside is, in three lines: the top of /join and /join/app. */
export function JoinIntro({ title = "Join Flipside", children }: { title?: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-4 text-center">
      <h1 className="text-balance font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
      <p className="mx-auto max-w-xl text-pretty text-muted-foreground">
        Flipside shows the other side of any web page: what people say about it.
      </p>
      <ul className="mx-auto grid max-w-2xl gap-3 text-left text-sm sm:grid-cols-3">
        {HIGHLIGHTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 rounded-lg border bg-card p-3">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {children}
    </header>
  );
}

/** "Have an invitation code?": checks its spelling here and opens `/join/{code}`, which checks the rest. */
export function CodeEntry({ initial = "" }: { initial?: string }) {
  const navigate = useNavigate();
  const app = useAppMode();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = normalizeInvitationCode(value);
    if (!code) {
      setError(value.trim() ? JOINING_MESSAGES.codeMalformed : "Enter your invitation code.");
      return;
    }
    const to = `/join/${code}`;
    navigate(app ? withAppFlag(to) : to);
  }

  return (
    <Card data-testid="join-code">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Have an invitation code?
        </CardTitle>
        <CardDescription>It came with the invitation: ten letters and digits.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field
            label="Invitation code"
            error={error}
            control={(props) => (
              <Input
                {...props}
                name="code"
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(undefined);
                }}
                placeholder="ABCDE-FGHJK"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                className="font-mono uppercase tracking-wider"
              />
            )}
          />
          <Button type="submit">Continue</Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** In a closed beta, without a code: ask to be told when there is room (docs/joining.md#beta-requests). */
function WaitingList() {
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setErrors({ email: "Enter your email address." });
      return;
    }
    setBusy(true);
    try {
      const answer = await joiningApi.requestBeta({
        email: email.trim(),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setDone(answer.message);
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      else setErrors({ form: isApiError(error) ? error.message : "Your request was not sent. Try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="join-closed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-4 text-primary" aria-hidden="true" />
          No code yet?
        </CardTitle>
        <CardDescription>
          Flipside is in a closed beta. Ask someone who uses it for a code, or leave your address and we will
          write when there is room.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {done ? (
          <p role="status" className="flex items-start gap-2 text-sm" data-testid="join-requested">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {done}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            {errors.form ? (
              <p role="alert" className="text-destructive text-sm">
                {errors.form}
              </p>
            ) : null}
            <Field
              label="Email"
              error={errors.email}
              control={(props) => (
                <Input
                  {...props}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="Your email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            />
            <Field
              label={
                <>
                  What brings you <span className="font-normal text-muted-foreground">(optional)</span>
                </>
              }
              error={errors.reason}
              control={(props) => (
                <Textarea
                  {...props}
                  rows={3}
                  maxLength={JOINING_LIMITS.reasonMax}
                  placeholder="The sites you read, what you would like to say about them"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            />
            <Button type="submit" variant="outline" loading={busy}>
              Tell me when there is room
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Without a code: sign up straight away while Flipside is open; in a closed beta, how to get in. */
function WithoutCode() {
  const closed = useRootData()?.config.betaGate === true;
  if (closed) return <WaitingList />;
  return (
    <Card data-testid="join-open">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-4 text-primary" aria-hidden="true" />
          No code? No need
        </CardTitle>
        <CardDescription>
          Flipside is open to everyone for now: create your account, with or without a code.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-full">
          <AppLink to="/signup">Create your account</AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The two ways in, side by side on wide screens: a code, or without one. */
export function JoinChoices({ code = "" }: { code?: string }) {
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <CodeEntry initial={code} />
      <WithoutCode />
    </div>
  );
}
