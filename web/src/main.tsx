import "./lib/zodWithoutEval";
import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { initSession } from "./state/session";

initSession();

// The first render is a transition: React yields to the browser between
// components, so no single long task holds the page that is already painted
// (the sign-in snapshot) and taking input.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
