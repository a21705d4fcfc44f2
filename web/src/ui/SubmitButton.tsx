import type { ReactNode } from "react";

/** Disabled, with a spinner, while its form is submitting. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
