import { Globe } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn.ts";

/** A page's favicon, or a globe when it has none or it fails to load (SPEC.md §8: logged). */
export function PageFavicon({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const safe = src && /^https?:\/\//i.test(src) ? src : null;
  if (!safe || failed) {
    return <Globe className={cn("size-4 shrink-0 text-muted-foreground", className)} aria-hidden="true" />;
  }
  return (
    <img
      src={safe}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={cn("size-4 shrink-0 rounded-sm object-contain", className)}
      onError={() => {
        console.warn(`Favicon failed to load: ${safe}`);
        setFailed(true);
      }}
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
