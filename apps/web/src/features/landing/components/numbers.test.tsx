import type { SiteConfig } from "@leakwarden/contracts/site";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Numbers } from "./numbers";
import { RevenueCallout } from "./revenue-callout";

const config = (landing: SiteConfig["landing"]): SiteConfig => ({ landing, mixpanelToken: null, googleEnabled: false, supportEmail: "s@example.com", demo: false });

describe("the landing page's figures", () => {
  afterEach(cleanup);

  it("shows measured figures compactly and configured ones as written", () => {
    render(
      <Numbers
        config={config({
          figures: [
            { kind: "creatorsProtected", value: "3K" },
            { kind: "leaksFound", value: 48_213 },
            { kind: "linksRemoved", value: 512 },
          ],
          revenueIncrease: null,
        })}
      />,
    );
    const section = screen.getByRole("region", { name: "Leakwarden in numbers" });
    expect(section.textContent).toContain("Creators protected3K");
    expect(section.textContent).toContain("Leaks found48.2K");
    expect(section.textContent).toContain("Links removed512");
  });

  it("shows no numbers section and no revenue claim when nothing was measured or configured", () => {
    const empty = config({ figures: [], revenueIncrease: null });
    const { container } = render(
      <MemoryRouter>
        <Numbers config={empty} />
        <RevenueCallout config={empty} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe("");
  });

  it("states a revenue increase only as the operator configured it", () => {
    render(
      <MemoryRouter>
        <RevenueCallout config={config({ figures: [], revenueIncrease: "25%" })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("region", { name: "Revenue increase, up to 25%" })).toBeTruthy();
  });
});
