import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not resolve conflicting Tailwind utilities (tailwind-merge's 8 KB
 * did that on every page): a component offers variants or props for what callers change, and the
 * browser test "no element carries two utilities for one property" keeps it so (decision 019).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
