import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// Routes load lazily; the first import of a screen can take a moment.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // jsdom has no matchMedia; the app only listens for changes.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // jsdom has no modal dialogs; an open <dialog> is enough for these tests.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // jsdom does no layout; the article editor (ProseMirror) asks for rectangles to scroll the selection into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint ??= () => null;
  // jsdom does not scroll (its scrollTo only reports "Not implemented"); tests that care spy on it.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  // Article drafts are kept in localStorage; every test starts without any.
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});
