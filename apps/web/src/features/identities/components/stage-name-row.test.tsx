import { findPlatform, usernameProblem } from "@leakwarden/contracts/platforms";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { CHOOSE_PLATFORM_MESSAGE, StageNameRow, type AddOutcome } from "./stage-name-row";

afterEach(cleanup);

const added: AddOutcome = { status: "added" };

function setup(onAdd = vi.fn(async () => added), entryCount = 0) {
  const view = render(<StageNameRow entryCount={entryCount} onAdd={onAdd} />);
  const input = () => screen.getByPlaceholderText("your-username") as HTMLInputElement;
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const choose = (name: string) => {
    fireEvent.click(screen.getByRole("button", { name: /^Platform/ }));
    fireEvent.click(screen.getByRole("option", { name }));
  };
  const addButton = () => screen.queryByRole("button", { name: "Add" });
  return { ...view, onAdd, input, type, choose, addButton };
}

describe("the username row", () => {
  it("shows the Add button only once text is typed", () => {
    const row = setup();
    expect(row.addButton()).toBeNull();
    row.type("   ");
    expect(row.addButton()).toBeNull();
    row.type("jane");
    expect(row.addButton()).not.toBeNull();
    row.type("");
    expect(row.addButton()).toBeNull();
  });

  it("clears the typed username when a platform is chosen", () => {
    const row = setup();
    row.choose("OnlyFans");
    row.type("jane");
    row.choose("Fansly");
    expect(row.input().value).toBe("");
    expect(screen.getByRole("button", { name: /^Platform/ }).textContent).toContain("Fansly");
  });

  it("lists the spec's platforms, the own website as 'My website'", () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: /^Platform/ }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toHaveLength(21);
    expect(options).toContain("My website");
    expect(options).toContain("Reddit (u/username)");
  });

  it("asks for a platform before adding", async () => {
    const row = setup();
    row.type("jane");
    await act(async () => fireEvent.click(row.addButton()!));
    expect(screen.getByRole("alert").textContent).toBe(CHOOSE_PLATFORM_MESSAGE);
    expect(row.onAdd).not.toHaveBeenCalled();
  });

  it("shows the platform's own validation message and sends nothing", async () => {
    const row = setup();
    row.choose("Instagram");
    row.type("not valid!");
    await act(async () => fireEvent.click(row.addButton()!));
    const expected = usernameProblem(findPlatform("Instagram")!, "not valid!");
    expect(expected).toMatch(/^Not a valid Instagram username/);
    expect(screen.getByRole("alert").textContent).toBe(expected);
    expect(row.input().getAttribute("aria-invalid")).toBe("true");
    expect(row.onAdd).not.toHaveBeenCalled();

    row.choose("TikTok");
    row.type("a");
    await act(async () => fireEvent.click(row.addButton()!));
    expect(screen.getByRole("alert").textContent).toBe(usernameProblem(findPlatform("TikTok")!, "a"));
  });

  it("sends the normalized username and starts over when the list grows", async () => {
    const row = setup();
    row.choose("OnlyFans");
    row.type("https://onlyfans.com/jane.doe");
    await act(async () => fireEvent.submit(row.input().form!));
    expect(row.onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), "jane.doe");

    row.rerender(<StageNameRow entryCount={1} onAdd={row.onAdd} />);
    expect(row.input().value).toBe("");
    expect(screen.getByRole("button", { name: /^Platform/ }).textContent).toContain("Choose platform");
  });

  it("shows the server's message by the field and keeps the text", async () => {
    const row = setup(vi.fn(async (): Promise<AddOutcome> => ({ status: "error", message: "Not a valid OnlyFans username." })));
    row.choose("OnlyFans");
    row.type("jane");
    await act(async () => fireEvent.click(row.addButton()!));
    expect(screen.getByRole("alert").textContent).toBe("Not a valid OnlyFans username.");
    expect(row.input().value).toBe("jane");
  });

  it("puts the server's refusal of a stage name she already has on the username field; typing clears it", async () => {
    const message = "You have already added jane on OnlyFans.";
    const conflict = new ApiError(409, "CONFLICT", message, { username: message });
    const row = setup(vi.fn(async (): Promise<AddOutcome> => ({ status: "error", message, error: conflict })));
    row.choose("OnlyFans");
    row.type("Jane");
    await act(async () => fireEvent.click(row.addButton()!));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe(message);
    expect(row.input().getAttribute("aria-invalid")).toBe("true");
    expect(row.input().getAttribute("aria-describedby")).toBe(alert.id);
    expect(row.input().value).toBe("Jane");
    row.type("Jane2");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the platform picker", () => {
  it("closes on a click outside and on Escape", () => {
    setup();
    const button = screen.getByRole("button", { name: /^Platform/ });
    fireEvent.click(button);
    expect(screen.queryByRole("listbox")).not.toBeNull();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("chooses with the keyboard", () => {
    setup();
    const button = screen.getByRole("button", { name: /^Platform/ });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const list = screen.getByRole("listbox");
    fireEvent.keyDown(list, { key: "ArrowDown" });
    fireEvent.keyDown(list, { key: "Enter" });
    expect(button.textContent).toContain("Patreon");
  });

  it("opens upward with less than 250px below it", () => {
    setup();
    const button = screen.getByRole("button", { name: /^Platform/ });
    const rect = (bottom: number) => ({ top: bottom - 44, bottom, left: 0, right: 200, width: 200, height: 44, x: 0, y: bottom - 44, toJSON: () => ({}) });
    vi.spyOn(button, "getBoundingClientRect").mockReturnValue(rect(window.innerHeight - 249));
    fireEvent.click(button);
    expect(screen.getByRole("listbox").getAttribute("data-placement")).toBe("top");
    fireEvent.click(button);
    vi.spyOn(button, "getBoundingClientRect").mockReturnValue(rect(window.innerHeight - 250));
    fireEvent.click(button);
    expect(screen.getByRole("listbox").getAttribute("data-placement")).toBe("bottom");
  });
});
