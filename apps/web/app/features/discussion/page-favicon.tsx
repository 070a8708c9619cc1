import { useCallback, useEffect, useRef, useState } from "react";
import { Globe } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * A page's favicon over a globe: the globe shows until the icon has loaded, and stays when there
 * is none or it fails (docs/web-app.md#new-versions-and-failures: logged). A site that answers
 * slowly or never left a blank gap (issue 19). `className` sets its size (`size-4` unless given).
 */
export function PageFavicon({ src, className = "size-4" }: { src: string | null; className?: string }) {
  const safe = src && /^https?:\/\//i.test(src) ? src : null;
  // Which address loaded or failed, so that another page's favicon (same component, new src) gets its chance.
  const [settled, setSettled] = useState<{ src: string; ok: boolean } | null>(null);
  const loaded = settled?.src === safe && settled.ok;
  const failed = settled?.src === safe && !settled.ok;
  const image = useRef<HTMLImageElement>(null);
  const fail = useCallback(() => {
    if (!safe) return;
    console.warn(`Favicon failed to load: ${safe}`);
    setSettled({ src: safe, ok: false });
  }, [safe]);
  // decode() settles for an image that loaded or failed before hydration (when no listener was
  // there yet) as for one still loading.
  useEffect(() => {
    if (!safe) return;
    image.current
      ?.decode()
      .then(() => setSettled({ src: safe, ok: true }))
      .catch(fail);
  }, [safe, fail]);
  return (
    <span data-slot="favicon" className={cn("relative inline-flex shrink-0", className)}>
      <Globe
        className={cn("size-full text-muted-foreground", loaded && "invisible")}
        aria-hidden="true"
        data-testid="favicon-fallback"
      />
      {safe && !failed ? (
        <img
          src={safe}
          alt=""
          width={16}
          height={16}
          loading="lazy"
          referrerPolicy="no-referrer"
          className={cn("absolute inset-0 size-full rounded-sm object-contain", !loaded && "opacity-0")}
          onError={fail}
          ref={image}
        />
      ) : null}
    </span>
  );
}

/** An address as a link out of Flipside: only http(s), never the referrer, never followed by crawlers. */
export function ExternalLink({
  href,
  children,
  className,
  ...props
}: { href: string; children: React.ReactNode; className?: string } & Omit<
  React.ComponentProps<"a">,
  "href"
>) {
  if (!/^https?:\/\//i.test(href)) return <span className={className}>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className={className} {...props}>
      {children}
    </a>
  );
}
