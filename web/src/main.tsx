import "./lib/zodWithoutEval";
import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Root } from "./app/App";
import { takeOverSignInSnapshot } from "./features/auth/index";
import { initSession } from "./features/auth/index";

initSession();

const container = document.getElementById("root")!;
if (takeOverSignInSnapshot(container)) {
  // The visitor may be typing into the snapshot: hydrating keeps its elements, focus and text.
  hydrateRoot(container, <Root />);
} else {
  // The first render is a transition: React yields to the browser between
  // components, so no single long task holds a page already painted.
  const root = createRoot(container);
  startTransition(() => root.render(<Root />));
}
