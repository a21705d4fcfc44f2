import { Component, type ReactNode } from "react";
import { isChunkLoadError, retryFailedLoads } from "./lazyWithRetry";

type ErrorBoundaryProps = {
  children: ReactNode;
  /**
   * "app" replaces the whole app (nothing else could render); "page" stays
   * inside the signed-in shell's main area, so the menu keeps working.
   */
  scope?: "app" | "page";
  /** The error is cleared when this changes (the user went to another screen). */
  resetKey?: unknown;
};

type ErrorBoundaryState = { error: Error | null };

export const LOAD_ERROR_TITLE = "This page could not be loaded";
export const LOAD_ERROR_TEXT =
  "Check your connection and try again. If Inkpress has just been updated, reload the page to get the new version.";

/**
 * The error page for anything a screen throws while rendering. A screen
 * whose code could not be loaded (offline, or a deploy in between) gets its
 * own message with Retry and Reload; any other error is the spec's
 * 'Unexpected Application Error!'.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const page = this.props.scope === "page";
    const Container = page ? "section" : "main";
    const actions = (
      <p className="error-actions">
        <button type="button" onClick={this.retry}>
          Retry
        </button>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    );
    if (isChunkLoadError(error)) {
      return (
        <Container className={page ? "error-page" : "container error-page"} role="alert">
          <h1>{LOAD_ERROR_TITLE}</h1>
          <p>{LOAD_ERROR_TEXT}</p>
          {actions}
        </Container>
      );
    }
    return (
      <Container className={page ? "error-page" : "container error-page"}>
        <h1>Unexpected Application Error!</h1>
        <p>
          <code>{error.message}</code>
        </p>
        {page ? (
          actions
        ) : (
          <p>
            <a href={window.location.href}>Reload the page</a> or <a href="/">go to the dashboard</a>.
          </p>
        )}
      </Container>
    );
  }
}
