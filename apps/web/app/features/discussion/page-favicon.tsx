import { useCallback, useEffect, useRef, useState } from "react";
import { Globe } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";

/** A page's favicon, or a globe when it has none or it fails to load (docs/web-app.md#new-versions-and-failures: logged). */
/** `className` sets its size too (`size-4` unless given). */
export function PageFavicon({ src, className = "size-4" }: { src: string | null; className?: string }) {
  const safe = src && /^https?:\/\//i.test(src) ? src : null;
  // Which address failed, so that another page's favicon (same component, new src) gets its chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc !== null && failedSrc === safe;
  const image = useRef<HTMLImageElement>(null);
  const fail = useCallback(() => {
    console.warn(`Favicon failed to load: ${safe}`);
    setFailedSrc(safe);
  }, [safe]);
  // decode() settles for an image that failed before hydration (when no onError listened yet)
  // as for one still loading, so it is the one place that notices a broken icon.
  useEffect(() => {
    image.current?.decode().catch(fail);
  }, [fail]);
  if (!safe || failed) {
    return <Globe className={cn("shrink-0 text-muted-foreground", className)} aria-hidden="true" />;
  }
  return (
    <img
      src={safe}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={cn("shrink-0 rounded-sm object-contain", className)}
      ref={image}
    />
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
