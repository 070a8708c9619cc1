import { cn } from "../../lib/cn.ts";
import { initialsOf } from "../../lib/shell-user.ts";

/**
 * A person's picture, or their initials on a tint when they have none. Decorative: the name is
 * always written beside it. `className` sets its size and letter size too (`size-8 text-xs` unless given).
 */
export function Avatar({
  name,
  imageUrl,
  className = "size-8 text-xs",
  eager = false,
}: {
  name: string;
  imageUrl: string | null | undefined;
  className?: string;
  /** Above the fold (a profile's header): load at once rather than when scrolled to. */
  eager?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      data-slot="avatar"
      className={cn(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground",
        className,
      )}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="size-full object-cover" loading={eager ? "eager" : "lazy"} />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
