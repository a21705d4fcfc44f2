import type { ReactNode } from "react";
import { Logo } from "../../ui/Logo";

/** The centred narrow card of the signed-out screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <article className="auth-card">
        <header>
          <Logo />
          <h1>{title}</h1>
        </header>
        {children}
      </article>
    </main>
  );
}
