import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Link, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useUnsavedChangesGuard } from "./useUnsavedChangesGuard";

function Page({ dirty, settled }: { dirty: boolean; settled?: () => boolean }) {
  const guard = useUnsavedChangesGuard(dirty, settled);
  return (
    <>
      <Link href="/articles">Articles</Link>
      <a href="https://elsewhere.example/">Elsewhere</a>
      <a href="/articles" target="_blank">New tab</a>
      <div contentEditable suppressContentEditableWarning>
        <a href="/in-the-text">In the text</a>
      </div>
      <output data-testid="pending">{guard.pending ?? ""}</output>
      <button type="button" onClick={() => guard.leave()}>
        Leave
      </button>
      <button type="button" onClick={guard.stay}>
        Stay
      </button>
    </>
  );
}

function renderPage(dirty: boolean, settled?: () => boolean) {
  const location = memoryLocation({ path: "/articles/create", record: true });
  render(
    <Router hook={location.hook}>
      <Page dirty={dirty} settled={settled} />
    </Router>,
  );
  return { location, user: userEvent.setup(), pending: () => screen.getByTestId("pending").textContent };
}

describe("unsaved changes guard", () => {
  it("holds back an in-app link while dirty, then goes on Leave", async () => {
    const { location, user, pending } = renderPage(true);
    await user.click(screen.getByRole("link", { name: "Articles" }));
    expect(pending()).toBe("/articles");
    expect(location.history.at(-1)).toBe("/articles/create");
    await user.click(screen.getByRole("button", { name: "Leave" }));
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("drops the held-back link on Stay", async () => {
    const { location, user, pending } = renderPage(true);
    await user.click(screen.getByRole("link", { name: "Articles" }));
    await user.click(screen.getByRole("button", { name: "Stay" }));
    expect(pending()).toBe("");
    expect(location.history.at(-1)).toBe("/articles/create");
  });

  it("lets links through once the page says its work is settled, before it renders again (a hidden page renders late)", async () => {
    let settled = false;
    const { location, user, pending } = renderPage(true, () => settled);
    settled = true;
    await user.click(screen.getByRole("link", { name: "Articles" }));
    expect(pending()).toBe("");
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("lets links through when nothing is unsaved", async () => {
    const { location, user, pending } = renderPage(false);
    await user.click(screen.getByRole("link", { name: "Articles" }));
    expect(pending()).toBe("");
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("leaves other tabs, other sites (beforeunload asks there), modified clicks and links in edited text alone", async () => {
    const { user, pending } = renderPage(true);
    const prevented: boolean[] = [];
    const record = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener("click", record);
    try {
      await user.click(screen.getByRole("link", { name: "Elsewhere" }));
      await user.click(screen.getByRole("link", { name: "New tab" }));
      await user.click(screen.getByRole("link", { name: "In the text" }));
      await user.keyboard("{Control>}");
      await user.click(screen.getByRole("link", { name: "Articles" }));
      await user.keyboard("{/Control}");
    } finally {
      document.removeEventListener("click", record);
    }
    expect(pending()).toBe("");
    expect(prevented).toEqual([false, false, false, false]);
  });

  it("asks the browser to confirm a reload or a closed tab only while dirty", () => {
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { unmount } = render(
      <Router hook={memoryLocation({ path: "/" }).hook}>
        <Page dirty />
      </Router>,
    );
    expect(unload()).toBe(true);
    unmount();
    expect(unload()).toBe(false);
  });
});
