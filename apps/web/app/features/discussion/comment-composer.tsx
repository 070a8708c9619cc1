import type { Attachment } from "@flipside/contracts/discussion";
import {
  BODY_MAX_LENGTH,
  DISCUSSION_MESSAGES,
  MAX_IMAGES_PER_CONTRIBUTION,
  MAX_VIDEOS_PER_CONTRIBUTION,
} from "@flipside/contracts/discussion-constants";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Film, ImagePlus, X } from "../../components/ui/icons.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { cn } from "../../lib/cn.ts";
import { useCodeOnDemand } from "../../lib/code-on-demand.ts";
import { notify } from "../../lib/toast.ts";
import {
  attachmentRefusal,
  fileRefusal,
  IMAGE_ACCEPT,
  type MediaKind,
  VIDEO_ACCEPT,
} from "./attachment-upload.ts";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { usePageId } from "./discussion-state.tsx";
import type { MentionListState } from "./mention-suggestions.tsx";

const loadMentionCode = () => import("./mention-suggestions.tsx");

/**
 * Typing "@" offers people to mention (docs/notifications.md#mentions): the name part before the
 * caret, the picker's code (loaded at the first "@", with the rules reading mentions, so a page
 * view carries none of it), and putting the chosen person's mention in place of what was typed.
 */
function useMentionPicker(body: string, setBody: (body: string) => void) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  // Escape closes the list until another "@" is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [list, setList] = useState<MentionListState>({ activeId: undefined });
  const [code, loadCode] = useCodeOnDemand(loadMentionCode);
  const onState = useCallback((next: MentionListState) => setList(next), []);

  const follow = useCallback(
    (el: HTMLTextAreaElement) => {
      const caret = el.selectionStart;
      if (!code) {
        if (el.value.lastIndexOf("@", caret - 1) >= 0) loadCode();
        return;
      }
      const found = caret === el.selectionEnd ? code.mentionAt(el.value, caret) : null;
      setTyping(found);
      if (!found) setDismissed(null);
    },
    [code, loadCode],
  );
  // The "@" that asked for the code is read once it has come.
  useEffect(() => {
    if (code && textarea.current && document.activeElement === textarea.current) follow(textarea.current);
  }, [code, follow]);
  const choose = (person: { id: string; displayName: string }) => {
    const el = textarea.current;
    if (!el || !typing || !code) return;
    const mention = `${code.mentionMarkdown(person.displayName, person.id)} `;
    const caret = typing.start + mention.length;
    setBody(body.slice(0, typing.start) + mention + body.slice(el.selectionStart));
    setTyping(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(caret, caret);
    });
  };
  const open = typing !== null && typing.start !== dismissed;
  return {
    textarea,
    follow,
    activeId: open ? list.activeId : undefined,
    picker: (listId: string, pageId: string | null) =>
      open && code ? (
        <code.default
          textarea={textarea}
          listId={listId}
          query={typing.query}
          pageId={pageId}
          onChoose={choose}
          onClose={() => setDismissed(typing.start)}
          onState={onState}
        />
      ) : null,
  };
}

interface Upload {
  key: string;
  type: MediaKind;
  name: string;
  /** A local object URL while uploading, the server's thumbnail once stored. */
  previewUrl: string;
  progress: number;
  status: "uploading" | "done" | "failed";
  attachment?: Attachment;
  abort?: AbortController;
  local: boolean;
}

function fromAttachment(a: Attachment): Upload {
  return {
    key: a.id,
    type: a.type,
    name: a.type === "IMAGE" ? "Image" : "Video",
    previewUrl: a.thumbnailUrl ?? a.url,
    progress: 1,
    status: "done",
    attachment: a,
    local: false,
  };
}

type Render = (markdown: string) => string;

/**
 * The same safe renderer the server uses, loaded the first time a preview is asked for:
 * markdown-it is the biggest part of the page's script, and most visitors never preview.
 */
function useMarkdownRenderer(wanted: boolean): Render | null {
  const [render, setRender] = useState<Render | null>(null);
  useEffect(() => {
    if (!wanted || render) return;
    let live = true;
    import("@flipside/contracts/markdown")
      .then((m) => {
        if (live) setRender(() => m.renderMarkdown);
      })
      .catch(() => {
        if (live) setRender(() => escapeAsText);
      });
    return () => {
      live = false;
    };
  }, [wanted, render]);
  return render;
}

/** Last resort when the renderer cannot load: the text itself, escaped, never markup. */
function escapeAsText(markdown: string): string {
  const escaped = markdown.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<p>${escaped}</p>`;
}

export interface ComposerValue {
  body: string;
  attachmentIds: string[];
  /** Sent as the site's official response (only ever true for its verified owner). */
  official: boolean;
}

export interface CommentComposerProps {
  /** Names the text box ("Your comment", "Your reply"). */
  label: string;
  placeholder?: string;
  submitLabel: string;
  initialBody?: string;
  initialAttachments?: Attachment[];
  allowAttachments?: boolean;
  autoFocus?: boolean;
  /** Resolves when saved (the composer then empties); rejects with the API error to keep the text. */
  onSubmit(value: ComposerValue): Promise<void>;
  onCancel?(): void;
  testId?: string;
  className?: string;
  /** The site the writer is the verified owner of: they choose to answer officially or as themselves. */
  officialDomain?: string | null;
}

/**
 * Markdown text with a preview rendered by the same safe renderer the server uses, and up to
 * 4 images or 1 video uploaded with a progress bar before the comment is sent.
 */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  initialBody = "",
  initialAttachments = [],
  allowAttachments = true,
  autoFocus = false,
  onSubmit,
  onCancel,
  testId = "comment-composer",
  className,
  officialDomain = null,
}: CommentComposerProps) {
  const gate = useContributionGate();
  const id = useId();
  const [body, setBody] = useState(initialBody);
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [uploads, setUploads] = useState<Upload[]>(() => initialAttachments.map(fromAttachment));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [official, setOfficial] = useState(true);
  const render = useMarkdownRenderer(mode === "preview");
  const mentions = useMentionPicker(body, setBody);
  const pageId = usePageId();
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;

  // Local previews are object URLs: give their memory back, and stop uploads nobody will use.
  useEffect(
    () => () => {
      for (const u of uploadsRef.current) {
        u.abort?.abort();
        if (u.local) URL.revokeObjectURL(u.previewUrl);
      }
    },
    [],
  );

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function addFile(file: File, type: MediaKind) {
    const kept = uploadsRef.current.filter((u) => u.status !== "failed");
    const refusal = attachmentRefusal(kept, type) ?? fileRefusal(file, type);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const previewUrl = URL.createObjectURL(file);
    const abort = new AbortController();
    const upload: Upload = {
      key,
      type,
      name: file.name,
      previewUrl,
      progress: 0,
      status: "uploading",
      abort,
      local: true,
    };
    uploadsRef.current = [...uploadsRef.current, upload];
    setUploads(uploadsRef.current);
    try {
      const address = await discussionApi.reserveAttachment(type, file, previewUrl);
      const { uploadFile } = await import("./attachment-transfer.ts");
      const attachment = await uploadFile(
        address.uploadUrl,
        file,
        (progress) => patch(key, { progress }),
        abort.signal,
      );
      patch(key, { status: "done", progress: 1, attachment, abort: undefined });
    } catch (err) {
      if (abort.signal.aborted) return;
      patch(key, { status: "failed", abort: undefined });
      gate.report(err, `${file.name} could not be uploaded.`);
    }
  }

  function onFiles(files: FileList | null, type: MediaKind) {
    if (!gate.requireUser()) return;
    // "Write something first" was about the empty box; an attachment is a start (issue 19).
    setError(null);
    for (const file of Array.from(files ?? [])) void addFile(file, type);
  }

  function removeUpload(key: string) {
    const upload = uploadsRef.current.find((u) => u.key === key);
    upload?.abort?.abort();
    if (upload?.local) URL.revokeObjectURL(upload.previewUrl);
    setUploads((list) => list.filter((u) => u.key !== key));
  }

  const signedIn = gate.user !== null;
  const uploading = uploads.some((u) => u.status === "uploading");
  const tooLong = body.length > BODY_MAX_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!gate.requireUser()) return;
    if (body.trim() === "") {
      const attached = uploads.some((u) => u.status !== "failed");
      setError(attached ? DISCUSSION_MESSAGES.attachmentNeedsWords : DISCUSSION_MESSAGES.bodyRequired);
      return;
    }
    if (tooLong || uploading) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit({
        body,
        attachmentIds: uploads.flatMap((u) => (u.status === "done" && u.attachment ? [u.attachment.id] : [])),
        official: officialDomain !== null && official,
      });
      setBody("");
      setMode("write");
      for (const u of uploads) if (u.local) URL.revokeObjectURL(u.previewUrl);
      setUploads([]);
    } catch (err) {
      const fields = gate.report(err, "Your comment was not saved. Try again.", ["body", "attachmentIds"]);
      setError(fields.body ?? fields.attachmentIds ?? null);
    } finally {
      setSending(false);
    }
  }

  const images = uploads.filter((u) => u.type === "IMAGE" && u.status !== "failed").length;
  const videos = uploads.filter((u) => u.type === "VIDEO" && u.status !== "failed").length;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} className={cn("flex flex-col gap-2", className)} data-testid={testId} noValidate>
      <Tabs value={mode} onValueChange={(v) => setMode(v as "write" | "preview")} className="gap-2">
        <TabsList size="sm">
          <TabsTrigger value="write" size="fill-sm">
            Write
          </TabsTrigger>
          <TabsTrigger value="preview" size="fill-sm" data-testid="composer-preview-tab">
            Preview
          </TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="relative">
          <label htmlFor={`${id}-body`} className="sr-only">
            {label}
          </label>
          <Textarea
            ref={mentions.textarea}
            id={`${id}-body`}
            value={body}
            aria-autocomplete={signedIn ? "list" : undefined}
            aria-controls={mentions.activeId ? `${id}-mentions` : undefined}
            aria-activedescendant={mentions.activeId}
            onSelect={(event) => signedIn && mentions.follow(event.currentTarget)}
            placeholder={placeholder}
            autoFocus={autoFocus}
            aria-invalid={Boolean(error) || tooLong || undefined}
            aria-describedby={error ? errorId : undefined}
            // Signed-out visitors get the login dialog as soon as they try to write (not on focus:
            // the dialog gives focus back when it closes, which would open it again).
            readOnly={!signedIn}
            onClick={() => {
              if (!signedIn) gate.requireUser();
            }}
            onChange={(event) => {
              setBody(event.target.value);
              if (signedIn) mentions.follow(event.target);
              if (error) setError(null);
            }}
            onKeyDown={(event) => {
              if (!signedIn && event.key !== "Tab" && event.key !== "Escape" && event.key !== "Shift") {
                event.preventDefault();
                gate.requireUser();
                return;
              }
              // Ctrl/Cmd+Enter sends, as in most comment boxes.
              if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            tall
            data-testid="composer-body"
          />
          {mentions.picker(`${id}-mentions`, pageId)}
        </TabsContent>
        <TabsContent value="preview">
          <div className="min-h-24 rounded-md border border-dashed px-3 py-2" data-testid="composer-preview">
            {body.trim() && render ? (
              <UserContent html={render(body)} />
            ) : body.trim() ? (
              <p className="text-muted-foreground text-sm">Loading the preview…</p>
            ) : (
              <p className="text-muted-foreground text-sm">Nothing to preview yet.</p>
            )}
          </div>
        </TabsContent>
      </Tabs>

      {uploads.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {uploads.map((u) => (
            <li
              key={u.key}
              className="relative flex w-28 flex-col gap-1 overflow-hidden rounded-md border bg-muted/40 p-1"
              data-testid="composer-attachment"
              data-status={u.status}
            >
              {u.type === "IMAGE" ? (
                <img src={u.previewUrl} alt={u.name} className="h-16 w-full rounded object-cover" />
              ) : (
                <div className="flex h-16 items-center justify-center rounded bg-muted">
                  <Film className="size-6 text-muted-foreground" aria-hidden="true" />
                  <span className="sr-only">{u.name}</span>
                </div>
              )}
              {u.status === "uploading" ? (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                  className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${u.progress * 100}%` }}
                  />
                </div>
              ) : u.status === "failed" ? (
                <span className="text-destructive text-xs">Upload failed</span>
              ) : (
                <span className="truncate text-muted-foreground text-xs">{u.name}</span>
              )}
              <button
                type="button"
                onClick={() => removeUpload(u.key)}
                className="absolute top-1.5 right-1.5 inline-flex size-5 cursor-pointer items-center justify-center rounded-full bg-background/90 text-foreground shadow"
                aria-label={`Remove ${u.name}`}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {gate.needsActivation ? (
        <p className="text-muted-foreground text-sm" data-testid="activation-needed">
          Activate your account to take part: open the link in the mail we sent you.
        </p>
      ) : null}

      {error ? (
        <p id={errorId} className="text-destructive text-sm" role="alert" data-testid="composer-error">
          {error}
        </p>
      ) : null}

      {officialDomain ? (
        <label className="flex items-center gap-2 text-sm" data-testid="composer-official">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={official}
            onChange={(event) => setOfficial(event.target.checked)}
          />
          {`Official response for ${officialDomain}`}
        </label>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {allowAttachments ? (
          <>
            <input
              ref={imageInput}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="composer-image-input"
              onChange={(event) => {
                onFiles(event.target.files, "IMAGE");
                event.target.value = "";
              }}
            />
            <input
              ref={videoInput}
              type="file"
              accept={VIDEO_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="composer-video-input"
              onChange={(event) => {
                onFiles(event.target.files, "VIDEO");
                event.target.value = "";
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={videos > 0 || images >= MAX_IMAGES_PER_CONTRIBUTION}
              onClick={() => gate.requireUser() && imageInput.current?.click()}
            >
              <ImagePlus aria-hidden="true" />
              Image
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={images > 0 || videos >= MAX_VIDEOS_PER_CONTRIBUTION}
              onClick={() => gate.requireUser() && videoInput.current?.click()}
            >
              <Film aria-hidden="true" />
              Video
            </Button>
          </>
        ) : null}
        <span
          className={cn(
            "ml-auto text-xs tabular-nums",
            tooLong ? "text-destructive" : "text-muted-foreground",
          )}
        >
          {body.length > BODY_MAX_LENGTH * 0.9
            ? `${body.length.toLocaleString("en")} / ${BODY_MAX_LENGTH.toLocaleString("en")}`
            : "Markdown supported"}
        </span>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button
          type="submit"
          size="sm"
          loading={sending}
          disabled={uploading || tooLong}
          data-testid="composer-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
