import {
  AD_CREATIVE_LIMITS,
  AD_CREATIVE_MESSAGES,
  AD_IMAGE_TYPES,
  AD_LIMITS,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useId, useRef, useState } from "react";
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
import { ImagePlus, Moon, Sun, Trash2 } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdCreative, type AdCreativeImage, adsApi } from "./ads-client.ts";
import { CreativePreview } from "./creative-preview.tsx";
import { nameProblem } from "./owned-editor.tsx";

/** The host an address shows as, the way the server will name it; "" until it is an address. */
function displayDomainOf(link: string): string {
  try {
    const url = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`,
    );
    return url.hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** What a file must be before it is sent (the server checks the content again). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!AD_IMAGE_TYPES.some((t) => t === file.type)) return AD_CREATIVE_MESSAGES.imageType;
  if (file.size > AD_CREATIVE_LIMITS.imageMaxBytes) return AD_CREATIVE_MESSAGES.imageTooLarge;
  return null;
}

/**
 * A creative's editor (ADS.md §1.3): its name, headline, text, link and image, with a live
 * preview in either colour mode. A change to what people see sends an approved creative back to
 * review, and the editor says so before the save.
 */
export function CreativeEditor({
  adAccountId,
  creative,
  copyOf,
  onClose,
  onSaved,
}: {
  adAccountId: string;
  /** The creative edited; null for a new one. */
  creative: AdCreative | null;
  /** A new creative starting from this one's content ("Duplicate"). */
  copyOf?: AdCreative | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const from = creative ?? copyOf ?? null;
  const [name, setName] = useState(
    copyOf ? `${copyOf.name} (copy)`.slice(0, AD_LIMITS.nameMax) : (from?.name ?? ""),
  );
  const [headline, setHeadline] = useState(from?.headline ?? "");
  const [body, setBody] = useState(from?.body ?? "");
  const [link, setLink] = useState(from?.destinationUrl ?? "");
  const [image, setImage] = useState<AdCreativeImage | null>(from?.image ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dark, setDark] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const clear = (field: string) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  const ids = { image: useId() };

  const contentChanged =
    creative !== null &&
    (creative.headline !== headline.trim() ||
      creative.body !== body.trim() ||
      creative.destinationUrl !== link.trim() ||
      (creative.image?.id ?? null) !== (image?.id ?? null));
  const rereview = creative?.reviewStatus === "APPROVED" && contentChanged;

  function localErrors(): Record<string, string> {
    const found: Record<string, string> = {};
    const problem = nameProblem(name);
    if (problem) found.name = problem;
    if (!headline.trim()) found.headline = AD_CREATIVE_MESSAGES.headlineRequired;
    else if (headline.trim().length > AD_CREATIVE_LIMITS.headlineMax)
      found.headline = AD_CREATIVE_MESSAGES.headlineTooLong;
    if (body.trim().length > AD_CREATIVE_LIMITS.bodyMax) found.body = AD_CREATIVE_MESSAGES.bodyTooLong;
    if (!link.trim()) found.destinationUrl = "Enter the address the ad leads to.";
    return found;
  }

  async function upload(file: File) {
    const problem = imageFileProblem(file);
    if (problem) {
      setErrors((e) => ({ ...e, imageId: problem }));
      return;
    }
    setUploading(true);
    try {
      const reserved = await adsApi.reserveImage(adAccountId, file);
      const uploaded = await adsApi.uploadImage(reserved.uploadUrl, file);
      setImage(uploaded);
      clear("imageId");
    } catch (error) {
      setErrors((e) => ({
        ...e,
        imageId: isApiError(error) ? error.message : "The image was not uploaded. Try again.",
      }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const content = {
      name: name.trim(),
      headline: headline.trim(),
      body: body.trim(),
      destinationUrl: link.trim(),
      imageId: image?.id ?? null,
    };
    try {
      if (creative) {
        await adsApi.updateCreative(creative.id, { ...content, version: creative.version });
        notify.success(contentChanged ? "Creative submitted for review" : "Creative saved");
      } else {
        await adsApi.createCreative({ adAccountId, ...content });
        notify.success("Creative submitted for review");
      }
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      notify.error(isApiError(error) ? error.message : "The creative was not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent roomy data-testid="creative-editor">
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>{creative ? `Edit ${creative.name}` : "New creative"}</DialogTitle>
            <DialogDescription>
              Every creative is reviewed before it runs. Most are reviewed within one business day.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
            <div className="flex min-w-0 flex-col gap-4">
              <Field
                label="Name (only you see it)"
                error={errors.name}
                control={(props) => (
                  <Input
                    {...props}
                    value={name}
                    maxLength={AD_LIMITS.nameMax + 20}
                    onChange={(e) => {
                      setName(e.target.value);
                      clear("name");
                    }}
                    data-testid="creative-name"
                  />
                )}
              />
              <Field
                label="Headline"
                error={errors.headline}
                labelAside={<Counter n={headline.trim().length} max={AD_CREATIVE_LIMITS.headlineMax} />}
                control={(props) => (
                  <Input
                    {...props}
                    value={headline}
                    maxLength={AD_CREATIVE_LIMITS.headlineMax + 20}
                    onChange={(e) => {
                      setHeadline(e.target.value);
                      clear("headline");
                    }}
                    data-testid="creative-headline"
                  />
                )}
              />
              <Field
                label="Text"
                error={errors.body}
                labelAside={<Counter n={body.trim().length} max={AD_CREATIVE_LIMITS.bodyMax} />}
                control={(props) => (
                  <Textarea
                    {...props}
                    value={body}
                    rows={3}
                    maxLength={AD_CREATIVE_LIMITS.bodyMax + 50}
                    onChange={(e) => {
                      setBody(e.target.value);
                      clear("body");
                    }}
                    data-testid="creative-body"
                  />
                )}
              />
              <Field
                label="Link"
                error={errors.destinationUrl}
                control={(props) => (
                  <Input
                    {...props}
                    type="url"
                    inputMode="url"
                    value={link}
                    placeholder="https://example.com/offer"
                    onChange={(e) => {
                      setLink(e.target.value);
                      clear("destinationUrl");
                    }}
                    data-testid="creative-link"
                  />
                )}
              />
              <div className="flex flex-col gap-2">
                <span className="font-medium text-sm" id={ids.image}>
                  Image (optional)
                </span>
                <p className="text-muted-foreground text-sm" id={`${ids.image}-hint`}>
                  JPEG, PNG or WebP, at least 400 px on the short side, up to 5 MB
                </p>
                <input
                  ref={fileInput}
                  type="file"
                  accept={AD_IMAGE_TYPES.join(",")}
                  className="sr-only"
                  tabIndex={-1}
                  aria-labelledby={ids.image}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    if (file) void upload(file);
                  }}
                  data-testid="creative-image-file"
                />
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    loading={uploading}
                    aria-describedby={`${ids.image}-hint`}
                    onClick={() => fileInput.current?.click()}
                    data-testid="creative-upload"
                  >
                    <ImagePlus aria-hidden="true" />
                    Upload image
                  </Button>
                  {image ? (
                    <Button
                      type="button"
                      variant="ghost"
                      onClick={() => setImage(null)}
                      data-testid="creative-remove-image"
                    >
                      <Trash2 aria-hidden="true" />
                      Remove image
                    </Button>
                  ) : null}
                </div>
                {errors.imageId ? (
                  <p role="alert" className="text-destructive text-sm" data-testid="creative-image-error">
                    {errors.imageId}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-sm">Preview</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-pressed={dark}
                  onClick={() => setDark((d) => !d)}
                  data-testid="creative-preview-mode"
                >
                  {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
                  {dark ? "Light" : "Dark"}
                </Button>
              </div>
              <div className={cn("rounded-lg bg-background p-3 text-foreground", dark ? "dark" : "light")}>
                <CreativePreview
                  creative={{
                    headline: headline.trim() || "Your headline",
                    body: body.trim(),
                    // The server names the registrable domain; until the link is saved, its host.
                    displayDomain:
                      from && link.trim() === from.destinationUrl
                        ? from.displayDomain
                        : displayDomainOf(link) || "example.com",
                    image,
                  }}
                />
              </div>
            </div>
          </div>
          {rereview ? (
            <p
              className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
              data-testid="creative-rereview"
            >
              {AD_CREATIVE_MESSAGES.rereviewNotice}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={uploading} data-testid="creative-submit">
              {creative ? "Save changes" : "Submit for review"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Counter({ n, max }: { n: number; max: number }) {
  return (
    <span className={cn("text-xs tabular-nums", n > max ? "text-destructive" : "text-muted-foreground")}>
      {n}/{max}
    </span>
  );
}
