import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadPage } from "./app/router";
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
const prerenderedPath = container.dataset.prerendered;
if (prerenderedPath && prerenderedPath === window.location.pathname) {
  await preloadPage(prerenderedPath);
  hydrateRoot(container, app);
} else {
  container.textContent = "";
  createRoot(container).render(app);
}
