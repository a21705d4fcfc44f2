import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "@contracts/locales";
import { LocaleSelect } from "./LocaleSelect";

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("locale picker", () => {
  it("offers 'not chosen here' first, then every language with its own name", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <LocaleSelect
        label="Article language"
        name="locale"
        value=""
        unsetLabel="The assistant's language"
        help="The draft is written in this language."
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText("Article language") as HTMLSelectElement;
    expect(descriptionOf(select)).toBe("The draft is written in this language.");
    const options = [...select.options];
    expect(options).toHaveLength(LOCALES.length + 1);
    expect(options.length).toBeGreaterThan(30);
    expect(options[0]).toMatchObject({ value: "", text: "The assistant's language" });
    expect(options.find((option) => option.value === "es")).toMatchObject({ text: "Spanish — Español", lang: "es" });
    expect(options.find((option) => option.value === "en")?.text).toBe("English");

    await user.selectOptions(select, "de");
    expect(onChange).toHaveBeenCalledWith("de");
  });
});
