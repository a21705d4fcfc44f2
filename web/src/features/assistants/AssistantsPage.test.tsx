import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  createAssistant,
  deleteAssistant,
  getAssistant,
  listAssistants,
  updateAssistant,
  type Assistant,
} from "./data/assistants";
import { notifyError, notifySuccess } from "../../lib/notify";
import { sessionState } from "../auth/session";
import { setSignedIn, testUser } from "../../../test/session";
import AssistantFormPage from "./AssistantFormPage";
import AssistantsPage, { DELETE_ASSISTANT_CONFIRMATION } from "./AssistantsPage";
import type { ModelList } from "@contracts/ai_provider";
import { getProviderSettings, listModels } from "../profile/data/aiProvider";
import { aiProvider, forgetModels } from "../profile/aiProviderStore";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/assistants", () => ({
  listAssistants: vi.fn(),
  getAssistant: vi.fn(),
  createAssistant: vi.fn(),
  updateAssistant: vi.fn(),
  deleteAssistant: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../profile/data/aiProvider", () => ({ getProviderSettings: vi.fn(), listModels: vi.fn() }));

const MODEL_LIST: ModelList = {
  provider: "openai",
  listed: true,
  typed: false,
  models: [
    { id: "gpt-6-luna", kind: "chat", shutdownDate: null },
    { id: "gpt-6.1-terra", kind: "chat", shutdownDate: null },
    { id: "gpt-5-mini", kind: "chat", shutdownDate: "2026-12-11" },
    { id: "text-embedding-3-small", kind: "embeddings", shutdownDate: null },
  ],
  defaults: { drafting: "gpt-6.1-terra", keywords: "gpt-6-luna", seo: "gpt-6-luna", embeddings: "text-embedding-3-small" },
  fetchedAt: "2026-11-27T10:00:00.000Z",
};

const ID = "7d9f6a8e-2c1b-4e3a-9f0d-1a2b3c4d5e6f";
const ASSISTANTS: Assistant[] = [
  {
    id: ID,
    name: "SEO Blog Writer",
    description: "Writes search-optimised posts.",
    instructions: "Write clearly.",
    model: null,
    locale: null,
    settings: { wordTarget: null, tone: null, pointOfView: null, elements: null },
    imageStyle: null,
    createdAt: new Date(2026, 10, 22),
  },
  {
    id: "b",
    name: "Haiku Poet",
    description: "",
    instructions: "Only haiku.",
    model: "gpt-4o",
    locale: null,
    settings: { wordTarget: null, tone: null, pointOfView: null, elements: null },
    imageStyle: null,
    createdAt: new Date(2026, 10, 21),
  },
];

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <Switch>
        <Route path="/assistants" component={AssistantsPage} />
        <Route path="/assistants/new" component={AssistantFormPage} />
        <Route path="/assistants/:id" component={AssistantFormPage} />
      </Switch>
    </Router>,
  );
  return { user, location };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
const card = (name: string) => screen.getByRole("article", { name });

beforeEach(() => {
  setSignedIn();
  forgetModels();
  aiProvider.settingsState = "idle";
  vi.mocked(getProviderSettings).mockResolvedValue({
    provider: "openai",
    baseUrl: null,
    models: { drafting: null, keywords: null, seo: null },
  });
  vi.mocked(listModels).mockResolvedValue(MODEL_LIST);
  vi.mocked(listAssistants).mockResolvedValue(ASSISTANTS);
});

describe("assistants list", () => {
  it("lists each assistant with its description and model, and links to create and edit", async () => {
    renderAt("/assistants");
    expect(screen.getByRole("heading", { level: 1, name: "Assistants" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "New Assistant" }).getAttribute("href")).toBe("/assistants/new");
    await screen.findByText("SEO Blog Writer");
    const first = card("SEO Blog Writer");
    expect(within(first).getByText("Writes search-optimised posts.")).toBeTruthy();
    expect(within(first).getByText("Model: your drafting model")).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Edit" }).getAttribute("href")).toBe(`/assistants/${ID}`);
    const second = card("Haiku Poet");
    expect(within(second).getByText("No description available")).toBeTruthy();
    expect(within(second).getByText("Model: gpt-4o")).toBeTruthy();
  });

  it("shows a spinner while loading and an empty state", async () => {
    let finish!: (list: Assistant[]) => void;
    vi.mocked(listAssistants).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAt("/assistants");
    expect(screen.getByRole("status", { name: "Loading assistants…" })).toBeTruthy();
    await act(async () => finish([]));
    expect(screen.getByText("No assistants yet")).toBeTruthy();
  });

  it("reports a load failure and can retry", async () => {
    vi.mocked(listAssistants).mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(ASSISTANTS);
    const { user } = renderAt("/assistants");
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load assistants"));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("SEO Blog Writer")).toBeTruthy();
  });

  it("deletes after confirmation in the app's dialog", async () => {
    vi.mocked(deleteAssistant).mockResolvedValue();
    const { user } = renderAt("/assistants");
    await screen.findByText("SEO Blog Writer");
    await user.click(within(card("Haiku Poet")).getByRole("button", { name: "Delete" }));
    const question = screen.getByRole("alertdialog", { name: "Delete Haiku Poet?" });
    expect(question.textContent).toContain(DELETE_ASSISTANT_CONFIRMATION);
    expect(deleteAssistant).not.toHaveBeenCalled();
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(deleteAssistant).toHaveBeenCalledWith("b");
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Assistant deleted successfully"));
    expect(screen.queryByText("Haiku Poet")).toBeNull();
  });

  it("keeps the assistant when not confirmed or when deleting fails", async () => {
    vi.mocked(deleteAssistant).mockRejectedValue(new Error("boom"));
    const { user } = renderAt("/assistants");
    await screen.findByText("SEO Blog Writer");
    await user.click(within(card("Haiku Poet")).getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(deleteAssistant).not.toHaveBeenCalled();
    await user.click(within(card("Haiku Poet")).getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to delete assistant"));
    expect(screen.getByText("Haiku Poet")).toBeTruthy();
  });
});

describe("new assistant", () => {
  it("has the four fields, the model a choice among the provider's models, the drafting model by default", async () => {
    renderAt("/assistants/new");
    expect(screen.getByRole("heading", { level: 1, name: "New Assistant" })).toBeTruthy();
    expect(field("Instructions").tagName).toBe("TEXTAREA");
    await waitFor(() => expect((field("Model") as unknown as HTMLSelectElement).disabled).toBe(false));
    const options = [...(field("Model") as unknown as HTMLSelectElement).options].map((option) => option.textContent);
    expect(options).toEqual([
      "Your drafting model (gpt-6.1-terra)",
      "gpt-6-luna",
      "gpt-6.1-terra",
      "gpt-5-mini (shuts down 2026-12-11)",
    ]);
    expect(field("Model").value).toBe("");
    expect(screen.getByRole("button", { name: "Cancel" }).getAttribute("href")).toBe("/assistants");
  });

  it("offers free text where the provider has no model list, with the length limit", async () => {
    vi.mocked(listModels).mockResolvedValue({ ...MODEL_LIST, provider: "custom", listed: false, typed: true, models: [] });
    const { user } = renderAt("/assistants/new");
    await waitFor(() => expect(field("Model").tagName).toBe("INPUT"));
    await user.click(field("Model"));
    await user.paste("x".repeat(201));
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    expect(noteOf(field("Model"))).toBe("Model must be at most 200 characters");
  });

  it("refuses a word target out of range, on its field", async () => {
    const { user } = renderAt("/assistants/new");
    await user.type(field("Name"), "Travel Writer");
    await user.type(field("Length (words)"), "99999");
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    expect(noteOf(field("Length (words)"))).toBe("Choose a word target between 300 and 5000");
    expect(createAssistant).not.toHaveBeenCalled();
  });

  it("requires a name and enforces the length limits", async () => {
    const { user } = renderAt("/assistants/new");
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    expect(noteOf(field("Name"))).toBe("Name is required");

    for (const [label, length] of [
      ["Name", 121],
      ["Description", 501],
      ["Instructions", 20_001],
    ] as const) {
      await user.click(field(label));
      await user.paste("x".repeat(length));
    }
    expect(noteOf(field("Name"))).toBe("Name must be at most 120 characters");
    expect(noteOf(field("Description"))).toBe("Description must be at most 500 characters");
    expect(noteOf(field("Instructions"))).toBe("Instructions must be at most 20,000 characters");
    expect(createAssistant).not.toHaveBeenCalled();
  });

  it("creates the assistant for the user and returns to the list", async () => {
    vi.mocked(createAssistant).mockResolvedValue("new-id");
    const { user, location } = renderAt("/assistants/new");
    await user.type(field("Name"), " Travel Writer ");
    await user.type(field("Description"), "Writes travel guides.");
    await user.type(field("Instructions"), "Warm and practical.");
    await user.selectOptions(field("Language"), "pt-BR");
    expect(noteOf(field("Image Style"))).toBe(
      "The style of the images it puts under an article's sections (Images in the body, in the editor).",
    );
    await user.selectOptions(field("Image Style"), "line-art");
    await user.type(field("Length (words)"), "1500");
    await user.selectOptions(field("Point of view"), "first-person-plural");
    await user.click(screen.getByLabelText("Key takeaways"));
    await user.dblClick(screen.getByRole("button", { name: "Save Assistant" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Assistant created successfully"));
    expect(createAssistant).toHaveBeenCalledTimes(1);
    expect(createAssistant).toHaveBeenCalledWith(testUser.id, {
      name: "Travel Writer",
      description: "Writes travel guides.",
      instructions: "Warm and practical.",
      model: "",
      locale: "pt-BR",
      imageStyle: "line-art",
      settings: { wordTarget: 1500, tone: null, pointOfView: "first-person-plural", elements: ["key-takeaways"] },
    });
    expect(location.history.at(-1)).toBe("/assistants");
  });

  it("reports a failure and keeps the form", async () => {
    vi.mocked(createAssistant).mockRejectedValue(new Error("boom"));
    const { user, location } = renderAt("/assistants/new");
    await user.type(field("Name"), "Travel Writer");
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to save assistant"));
    expect(field("Name").value).toBe("Travel Writer");
    expect(location.history.at(-1)).toBe("/assistants/new");
  });

  it("requires a signed-in user", async () => {
    const { user } = renderAt("/assistants/new");
    await user.type(field("Name"), "Travel Writer");
    act(() => {
      sessionState.user = null;
    });
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    expect(notifyError).toHaveBeenCalledWith("User not authenticated");
    expect(createAssistant).not.toHaveBeenCalled();
  });
});

describe("editing an assistant", () => {
  it("loads the assistant and saves changes", async () => {
    vi.mocked(getAssistant).mockResolvedValue(ASSISTANTS[1]);
    vi.mocked(updateAssistant).mockResolvedValue();
    const { user, location } = renderAt("/assistants/b");
    expect(await screen.findByDisplayValue("Haiku Poet")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Edit Assistant" })).toBeTruthy();
    await waitFor(() => expect(field("Model").value).toBe("gpt-4o"));
    expect(noteOf(field("Model"))).toBe("gpt-4o is not offered by OpenAI any more: requests with it fail. Choose another model.");
    await user.selectOptions(field("Model"), "");
    await user.click(screen.getByRole("button", { name: "Save Assistant" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Assistant updated successfully"));
    expect(updateAssistant).toHaveBeenCalledWith("b", {
      name: "Haiku Poet",
      description: "",
      instructions: "Only haiku.",
      model: "",
      locale: "",
      imageStyle: "",
      settings: { wordTarget: null, tone: null, pointOfView: null, elements: [] },
    });
    expect(location.history.at(-1)).toBe("/assistants");
  });

  it("without a key yet: the default and the assistant's model are offered, with the reason", async () => {
    vi.mocked(getAssistant).mockResolvedValue({ ...ASSISTANTS[1], model: "gpt-6.2-sol" });
    vi.mocked(listModels).mockResolvedValue({
      ...MODEL_LIST,
      listed: false,
      models: [],
      fetchedAt: null,
      notice: "Save your OpenAI API key to see its models.",
    });
    renderAt("/assistants/b");
    await waitFor(() => expect(field("Model").value).toBe("gpt-6.2-sol"));
    const model = field("Model") as unknown as HTMLSelectElement;
    expect(model.tagName).toBe("SELECT");
    expect(model.disabled).toBe(false);
    expect([...model.options].map((option) => option.textContent)).toEqual([
      "Your drafting model (gpt-6.1-terra)",
      "gpt-6.2-sol",
    ]);
    expect(noteOf(field("Model"))).toBe("Save your OpenAI API key to see its models.");
  });

  it("says when the assistant does not exist", async () => {
    vi.mocked(getAssistant).mockResolvedValue(null);
    renderAt("/assistants/missing");
    expect(await screen.findByRole("heading", { name: "Assistant not found" })).toBeTruthy();
  });

  it("reports a load failure and goes back to the list", async () => {
    vi.mocked(getAssistant).mockRejectedValue(new Error("boom"));
    const { location } = renderAt(`/assistants/${ID}`);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load assistant"));
    expect(location.history.at(-1)).toBe("/assistants");
  });
});
