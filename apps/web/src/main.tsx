import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadPage } from "./app/router";
import { CodeLoadFailedNotice } from "./components/page-error";
import "./index.css";

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// A prerendered page is already on screen: load its code, then take it over without repainting.
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread until the whole page is done.
const prerenderedPath = container.dataset.prerendered;
if (prerenderedPath && prerenderedPath === window.location.pathname) {
  preloadPage(prerenderedPath).then(
    () =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    (error: unknown) => {
      console.error(error);
      // First in the page, so the bar pushes the page down instead of covering its header.
      const notice = document.body.insertBefore(document.createElement("div"), document.body.firstChild);
      createRoot(notice).render(<CodeLoadFailedNotice />);
    },
  );
} else {
  container.textContent = "";
  createRoot(container).render(app);
}
