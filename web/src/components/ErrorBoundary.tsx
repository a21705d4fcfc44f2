import { Component, type ReactNode } from "react";

type ErrorBoundaryState = { error: Error | null };

/** The app's error page for anything a screen throws while rendering. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="container error-page">
        <h1>Unexpected Application Error!</h1>
        <p>
          <code>{error.message}</code>
        </p>
        <p>
          <a href={window.location.href}>Reload the page</a> or <a href="/">go to the dashboard</a>.
        </p>
      </main>
    );
  }
}
