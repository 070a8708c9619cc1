import "../../assets/style.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Panel } from "./panel.tsx";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Panel pinnedAddress={new URLSearchParams(location.search).get("url")} />
    </StrictMode>,
  );
}
