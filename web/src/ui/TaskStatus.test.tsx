import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Router } from "wouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TaskStatus } from "./TaskStatus";

afterEach(() => vi.useRealTimers());

describe("TaskStatus", () => {
  it("says what is happening with the seconds elapsed, ticking, in a status region", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    render(<TaskStatus running={{ label: "Writing your article…", startedAt: 1_000_000 }} hint="It can take a minute." />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Writing your article… 0 sIt can take a minute.");
    expect(within(status).getByRole("progressbar", { name: "Writing your article…" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(3_000));
    expect(status.textContent).toContain("Writing your article… 3 s");
    // Screen readers hear the label once, not every tick.
    expect(within(status).getByText("3 s").getAttribute("aria-hidden")).toBe("true");
  });

  it("says what the last run came to when nothing runs, and nothing at all before", () => {
    const { rerender } = render(<TaskStatus running={null} />);
    expect(screen.getByRole("status").textContent).toBe("");
    rerender(<TaskStatus running={null} done="Your article is ready." />);
    expect(screen.getByRole("status").textContent).toBe("Your article is ready.");
  });

  it("keeps a failure in place as an alert with Try again, where to fix it, and Dismiss", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    render(
      <Router>
        <TaskStatus
          running={null}
          failure={{ message: "Your OpenAI API key was refused", fix: { href: "/profile#api-keys", label: "API Keys" } }}
          onRetry={onRetry}
          onDismiss={onDismiss}
        />
      </Router>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Your OpenAI API key was refused");
    expect(within(alert).getByRole("link", { name: "Go to API Keys" }).getAttribute("href")).toBe("/profile#api-keys");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("hides the last failure while the work runs again", () => {
    render(<TaskStatus running={{ label: "Analyzing…", startedAt: Date.now() }} failure={{ message: "Timed out" }} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
