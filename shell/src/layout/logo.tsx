/** A washing-machine mark; decorative, the brand name next to it is the accessible text. */
export function Logo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="2" width="26" height="28" rx="5" fill="var(--color-primary)" />
      <rect x="7" y="5" width="8" height="3" rx="1.5" fill="#ffffff" opacity="0.8" />
      <circle cx="16" cy="18" r="8" fill="#ffffff" />
      <circle cx="16" cy="18" r="5" fill="var(--color-marker-open)" opacity="0.7" />
    </svg>
  );
}
