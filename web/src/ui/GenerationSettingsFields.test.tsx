import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { GENERATION_SETTINGS_MESSAGES } from "@contracts/generation_settings";
import {
  checkSettingsValues,
  NO_GENERATION_SETTINGS,
  settingsOverride,
  settingsValuesOf,
  type GenerationSettingsValues,
} from "../lib/generationSettings";
import { GenerationSettingsFields } from "./GenerationSettingsFields";

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

function Harness({ onChange }: { onChange(values: GenerationSettingsValues): void }) {
  const [values, setValues] = useState(NO_GENERATION_SETTINGS);
  return (
    <GenerationSettingsFields
      legend="Generation settings"
      help="For this article only."
      unsetLabel="The assistant's default"
      values={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

describe("generation settings fields", () => {
  it("offers length, tone, point of view and the four elements, each unset at first", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Generation settings" });
    expect(descriptionOf(group)).toBe("For this article only.");
    expect((screen.getByLabelText("Length (words)") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Tone") as HTMLSelectElement).selectedOptions[0].text).toBe("The assistant's default");
    expect((screen.getByLabelText("Point of view") as HTMLSelectElement).selectedOptions[0].text).toBe("The assistant's default");
    const elements = screen.getByRole("group", { name: "Include" });
    expect([...elements.querySelectorAll("label")].map((label) => label.textContent)).toEqual([
      "Key takeaways",
      "A table",
      "FAQ",
      "A call to action",
    ]);

    await user.type(screen.getByLabelText("Length (words)"), "1200");
    await user.selectOptions(screen.getByLabelText("Tone"), "Friendly");
    await user.selectOptions(screen.getByLabelText("Point of view"), "Second person (you)");
    await user.click(screen.getByLabelText("FAQ"));
    await user.click(screen.getByLabelText("Key takeaways"));
    expect(onChange).toHaveBeenLastCalledWith({
      wordTarget: "1200",
      tone: "friendly",
      pointOfView: "second-person",
      elements: ["key-takeaways", "faq"],
    });
    await user.click(screen.getByLabelText("FAQ"));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ elements: ["key-takeaways"] }));
  });

  it("shows the word target's error on its field", () => {
    render(
      <GenerationSettingsFields
        legend="Defaults"
        help="Used by every article."
        unsetLabel="Not set"
        values={{ ...NO_GENERATION_SETTINGS, wordTarget: "50" }}
        wordTargetError={GENERATION_SETTINGS_MESSAGES.wordTarget}
        onChange={vi.fn()}
      />,
    );
    const field = screen.getByLabelText("Length (words)");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(field)).toBe(GENERATION_SETTINGS_MESSAGES.wordTarget);
  });
});

describe("generation settings values", () => {
  it("are checked with the functions' schema", () => {
    expect(checkSettingsValues({ ...NO_GENERATION_SETTINGS, wordTarget: "50" })).toEqual({
      field: "wordTarget",
      message: GENERATION_SETTINGS_MESSAGES.wordTarget,
    });
    expect(checkSettingsValues({ wordTarget: " 900 ", tone: "playful", pointOfView: "", elements: ["table"] })).toEqual({
      settings: { wordTarget: 900, tone: "playful", pointOfView: null, elements: ["table"] },
    });
  });

  it("override only what is set; no element ticked keeps the assistant's", () => {
    expect(settingsOverride({ wordTarget: null, tone: null, pointOfView: null, elements: [] })).toBeUndefined();
    expect(settingsOverride({ wordTarget: null, tone: "neutral", pointOfView: null, elements: [] })).toEqual({
      wordTarget: null,
      tone: "neutral",
      pointOfView: null,
      elements: null,
    });
  });

  it("round-trip an assistant's stored settings", () => {
    expect(settingsValuesOf({ wordTarget: 800, tone: null, pointOfView: "third-person", elements: ["faq", "table"] })).toEqual({
      wordTarget: "800",
      tone: "",
      pointOfView: "third-person",
      elements: ["table", "faq"],
    });
    expect(settingsValuesOf(null)).toEqual(NO_GENERATION_SETTINGS);
  });
});
