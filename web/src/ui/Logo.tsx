/** The Inkpress mark and word mark; one accessible name for both. */
export function Logo() {
  return (
    <span className="logo">
      <svg role="img" aria-label="Inkpress" viewBox="0 0 32 32" width="32" height="32">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M10 23.5 21.5 12a2.5 2.5 0 0 0-3.5-3.5L6.5 20 6 26z" fill="#fff" />
        <path d="M14 26h12" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span aria-hidden="true">Inkpress</span>
    </span>
  );
}
