import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { signOut } from "../features/auth/index";
import { Logo } from "../ui/Logo";

const MENU = [
  { href: "/", label: "Dashboard" },
  { href: "/articles", label: "Articles" },
  { href: "/calendar", label: "Calendar" },
  { href: "/bulk", label: "Bulk Drafts" },
  { href: "/batches", label: "Batches" },
  { href: "/wordpress-sites", label: "WordPress Sites" },
  { href: "/generate-images", label: "Generate Images" },
  { href: "/keyword-phrases", label: "Keyword Phrases" },
  { href: "/seo-analysis", label: "SEO Analysis" },
  { href: "/profile", label: "Profile" },
  // Not in the spec's menu: the writing assistants (README, deviations), after the spec's entries.
  { href: "/assistants", label: "Assistants" },
  // Also not in the spec: reusable article templates (issue 26).
  { href: "/templates", label: "Templates" },
];

function isActive(href: string, path: string): boolean {
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}

/**
 * The signed-in layout: a sidebar menu on large screens; below Pico's large
 * breakpoint (1024px) a drawer opened from the top bar, closed by choosing a
 * link, tapping the backdrop or pressing Escape.
 */
export default function AppShell({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!drawerOpen) return;
    const largeScreen = window.matchMedia("(min-width: 1024px)");
    const closeOnLargeScreen = () => largeScreen.matches && setDrawerOpen(false);
    largeScreen.addEventListener("change", closeOnLargeScreen);
    drawerRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setDrawerOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      largeScreen.removeEventListener("change", closeOnLargeScreen);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [drawerOpen]);

  const handleSignOut = async () => {
    setDrawerOpen(false);
    await signOut();
    navigate("/login", { replace: true });
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="top-bar">
        <Logo />
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button secondary outline"
          aria-expanded={drawerOpen}
          aria-controls="app-menu"
          aria-label="Menu"
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="drawer-backdrop" hidden={!drawerOpen} onClick={() => setDrawerOpen(false)} />
      <nav id="app-menu" ref={drawerRef} className="sidebar" data-open={drawerOpen} aria-label="Main menu">
        <div className="sidebar-logo">
          <Logo />
        </div>
        <ul>
          {MENU.map(({ href, label }) => (
            <li key={href}>
              <Link
                href={href}
                aria-current={isActive(href, path) ? "page" : undefined}
                onClick={() => setDrawerOpen(false)}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="sign-out secondary outline" onClick={handleSignOut}>
          Sign Out
        </button>
      </nav>
      <main id="main" tabIndex={-1} inert={drawerOpen}>
        {children}
      </main>
    </div>
  );
}
