import { MAX_SPECIFIC_LENGTH } from "@leakwarden/contracts/identities";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SpecificStep } from "./specific-step";

afterEach(cleanup);

/** The step as the wizard holds it: the text lives in the wizard, the step reports each change. */
function Held({ onSubmit, initial = "" }: { onSubmit: (text: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <SpecificStep value={value} onChange={setValue} onSubmit={() => onSubmit(value)} focusHeading={false} />;
}

const field = () => screen.getByLabelText("Content to find");
const pressEnter = () => act(async () => fireEvent.submit(field().closest("form")!));

describe("SpecificStep", () => {
  it("keeps the wizard's text in step with the field, and Enter goes on with it", async () => {
    const onSubmit = vi.fn();
    render(<Held onSubmit={onSubmit} initial="beach set" />);
    expect((field() as HTMLInputElement).value).toBe("beach set");
    await act(async () => fireEvent.change(field(), { target: { value: "Summer 2026 video" } }));
    await pressEnter();
    expect(onSubmit).toHaveBeenCalledWith("Summer 2026 video");
  });

  it("says what is wrong with a text that is too long, and does not go on", async () => {
    const onSubmit = vi.fn();
    render(<Held onSubmit={onSubmit} />);
    await act(async () => fireEvent.change(field(), { target: { value: "x".repeat(MAX_SPECIFIC_LENGTH + 1) } }));
    await pressEnter();
    expect(await screen.findByText(`At most ${MAX_SPECIFIC_LENGTH} characters.`)).toBeTruthy();
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
