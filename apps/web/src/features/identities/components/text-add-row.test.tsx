import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddOutcome } from "./stage-name-row";
import { TextAddRow } from "./text-add-row";

afterEach(cleanup);

function renderRow(onAdd: (value: string) => Promise<AddOutcome>) {
  render(<TextAddRow label="Add a domain" placeholder="example.com" emptyMessage="Enter a domain." onAdd={onAdd} alwaysShowButton />);
  return screen.getByRole("textbox", { name: "Add a domain" }) as HTMLInputElement;
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
  });

describe("TextAddRow", () => {
  it("asks for text when the field is blank, and the message goes as she types", async () => {
    const onAdd = vi.fn<(value: string) => Promise<AddOutcome>>();
    const input = renderRow(onAdd);
    fireEvent.change(input, { target: { value: "   " } });
    await submit();
    expect(await screen.findByText("Enter a domain.")).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(input, { target: { value: "e" } });
    });
    expect(screen.queryByText("Enter a domain.")).toBeNull();
  });

  it("adds the trimmed text and clears the field; a refusal stays by the field with the text", async () => {
    const onAdd = vi.fn<(value: string) => Promise<AddOutcome>>().mockResolvedValueOnce({ status: "added" }).mockResolvedValueOnce({ status: "error", message: "That domain is already on your list." });
    const input = renderRow(onAdd);
    fireEvent.change(input, { target: { value: " example.com " } });
    await submit();
    await waitFor(() => expect(input.value).toBe(""));
    expect(onAdd).toHaveBeenCalledWith("example.com");
    fireEvent.change(input, { target: { value: "example.com" } });
    await submit();
    expect(await screen.findByText("That domain is already on your list.")).toBeTruthy();
    expect(input.value).toBe("example.com");
  });
});
