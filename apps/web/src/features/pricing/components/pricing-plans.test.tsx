import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PlanAction } from "../../../components/plan-card";
import { PricingPlans } from "./pricing-plans";

afterEach(cleanup);

function renderPlans(action?: PlanAction) {
  const router = createMemoryRouter([{ path: "*", element: <PricingPlans action={action} /> }], { initialEntries: ["/pricing"] });
  render(<RouterProvider router={router} />);
}

const prices = () => screen.getAllByTestId("plan-price").map((p) => p.textContent);

describe("PricingPlans", () => {
  it("opens on yearly billing: 9 months' price over 12, billed yearly", () => {
    renderPlans();
    expect((screen.getByLabelText("Yearly (3 Month Free)") as HTMLInputElement).checked).toBe(true);
    expect(prices()).toEqual(["$22.50", "$75", "$101.25"]);
    expect(screen.getAllByText(/Billed yearly/)).toHaveLength(3);
  });

  it("switches to monthly prices with the struck list prices", () => {
    renderPlans();
    fireEvent.click(screen.getByLabelText("Monthly"));
    expect(prices()).toEqual(["$30", "$100", "$135"]);
    expect(screen.getAllByText("Billed monthly")).toHaveLength(3);
    expect([...document.querySelectorAll("s")].map((s) => s.textContent)).toEqual(["$35", "$135", "$165"]);
  });

  it("marks Premium as most popular and gives each card its action, told the plan and the period", () => {
    renderPlans((plan, period, props) => (
      <button type="button" aria-describedby={props.describedBy}>
        Choose {plan.id} {period}
      </button>
    ));
    const premium = screen.getByRole("article", { name: "Premium" });
    expect(within(premium).getByText("Most Popular")).toBeTruthy();
    const choose = within(premium).getByRole("button", { name: "Choose premium yearly" });
    expect(choose.getAttribute("aria-describedby")).toBe(within(premium).getByRole("heading", { name: "Premium" }).id);
    fireEvent.click(screen.getByLabelText("Monthly"));
    expect(screen.getAllByRole("button", { name: /^Choose/ }).map((b) => b.textContent)).toEqual(["Choose starter monthly", "Choose premium monthly", "Choose vip monthly"]);
  });
});
