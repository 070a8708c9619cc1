/** The Flipside mark (apps/web/public/favicon.svg), drawn inline: the panel loads nothing remote. */
export function Logo({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#3b4fd8" />
      <path d="M9.5 7h8.25L23 12.25V24a1 1 0 0 1-1 1H9.5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z" fill="#fff" />
      <path d="M17.75 7v4.25a1 1 0 0 0 1 1H23Z" fill="#a9b4ff" />
    </svg>
  );
}

export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 animate-spin text-primary" role="img" aria-label="Loading">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
