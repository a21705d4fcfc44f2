import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn } from "../../../test/session";
import { embedContentIndex, getLinkRelevance, type LinkRelevanceSetting, saveLinkRelevance } from "./data/siteContent";
import { notifyError, notifySuccess } from "../../lib/notify";
import { LinkRelevanceForm } from "./LinkRelevanceForm";
import type { ModelList } from "@contracts/ai_provider";
import { listModels } from "../profile/data/aiProvider";
import { forgetModels } from "../profile/aiProviderStore";

vi.mock("../../backend/supabase", () => ({ supabase: {} }));
vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/siteContent", () => ({ getLinkRelevance: vi.fn(), saveLinkRelevance: vi.fn(), embedContentIndex: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../profile/data/aiProvider", () => ({ getProviderSettings: vi.fn(), listModels: vi.fn() }));

const MODEL_LIST: ModelList = {
  provider: "openai",
  listed: true,
  typed: false,
  models: [
    { id: "gpt-6-luna", kind: "chat", shutdownDate: null },
    { id: "text-embedding-3-large", kind: "embeddings", shutdownDate: null },
    { id: "text-embedding-3-small", kind: "embeddings", shutdownDate: null },
  ],
  defaults: { drafting: "gpt-6.1-terra", keywords: "gpt-6-luna", seo: "gpt-6-luna", embeddings: "text-embedding-3-small" },
  fetchedAt: "2026-11-27T10:00:00.000Z",
};

const fullText = () => screen.getByRole("radio", { name: /^Full-text search/ }) as HTMLInputElement;
const embeddings = () => screen.getByRole("radio", { name: /^Embeddings/ }) as HTMLInputElement;
const save = () => screen.getByRole("button", { name: "Save internal links setting" });

async function renderForm(setting: LinkRelevanceSetting = { relevance: "full_text", model: "text-embedding-3-small" }) {
  vi.mocked(getLinkRelevance).mockResolvedValue(setting);
  const user = userEvent.setup();
  render(<LinkRelevanceForm />);
  await waitFor(() => expect(fullText().disabled).toBe(false));
  return user;
}

beforeEach(() => {
  setSignedIn();
  forgetModels();
  vi.mocked(listModels).mockResolvedValue(MODEL_LIST);
});

describe("internal links setting", () => {
  it("shows full text as chosen by default, the model field only for embeddings, with what embeddings cost", async () => {
    const user = await renderForm();
    expect(screen.getByRole("group", { name: "Rank internal links by" })).toBeTruthy();
    expect(fullText().checked).toBe(true);
    expect(screen.queryByLabelText("Embeddings model")).toBeNull();
    await user.click(embeddings());
    const model = screen.getByLabelText("Embeddings model") as HTMLSelectElement;
    await waitFor(() => expect(model.disabled).toBe(false));
    expect(model.value).toBe("text-embedding-3-small");
    // The provider's embeddings models only, its default first.
    expect([...model.options].map((option) => option.textContent)).toEqual([
      "Provider default (text-embedding-3-small)",
      "text-embedding-3-large",
      "text-embedding-3-small",
    ]);
    expect(screen.getByText(/sent to the embeddings endpoint with your key/)).toBeTruthy();
  });

  it("is keyboard usable: Tab reaches the choices, Space picks one, Tab on to the model and Save, Enter saves", async () => {
    vi.mocked(saveLinkRelevance).mockResolvedValue();
    vi.mocked(embedContentIndex).mockResolvedValue({ model: "text-embedding-3-small", embedded: 3, pending: 0 });
    const user = await renderForm();
    await user.tab();
    expect(document.activeElement).toBe(fullText());
    // jsdom lacks what user-event's arrow-key walk between radios needs; Space on a focused radio is the same choice.
    embeddings().focus();
    await user.keyboard(" ");
    expect(embeddings().checked).toBe(true);
    await waitFor(() => expect((screen.getByLabelText("Embeddings model") as HTMLSelectElement).disabled).toBe(false));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Embeddings model"));
    await user.tab();
    expect(document.activeElement).toBe(save());
    await user.keyboard("{Enter}");
    await waitFor(() => expect(saveLinkRelevance).toHaveBeenCalled());
  });

  it("switching to embeddings saves, then embeds what is indexed and says how much", async () => {
    vi.mocked(saveLinkRelevance).mockResolvedValue();
    vi.mocked(embedContentIndex).mockResolvedValue({ model: "text-embedding-3-large", embedded: 200, pending: 0 });
    const user = await renderForm();
    await user.click(embeddings());
    const model = screen.getByLabelText("Embeddings model") as HTMLSelectElement;
    await waitFor(() => expect(model.disabled).toBe(false));
    await user.selectOptions(model, "text-embedding-3-large");
    await user.click(save());
    expect(await screen.findByText("200 entries of your content index embedded with text-embedding-3-large.")).toBeTruthy();
    expect(saveLinkRelevance).toHaveBeenCalledWith("user-1", { relevance: "embeddings", model: "text-embedding-3-large" });
    expect(notifySuccess).toHaveBeenCalledWith("Internal links setting saved");
  });

  it("says why the index could not be embedded, and that full text ranks meanwhile", async () => {
    vi.mocked(saveLinkRelevance).mockResolvedValue();
    vi.mocked(embedContentIndex).mockRejectedValue(
      new Error("Failed to embed the content index: Invalid OpenAI API key. Check it in Profile Settings."),
    );
    const user = await renderForm({ relevance: "embeddings", model: "text-embedding-3-small" });
    await user.click(save());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to embed the content index: Invalid OpenAI API key. Check it in Profile Settings.. Links are ranked by full text until the index is embedded.",
    );
  });

  it("back to full text saves without embedding anything", async () => {
    vi.mocked(saveLinkRelevance).mockResolvedValue();
    const user = await renderForm({ relevance: "embeddings", model: "text-embedding-3-small" });
    await user.click(fullText());
    await user.click(save());
    await waitFor(() => expect(saveLinkRelevance).toHaveBeenCalledWith("user-1", { relevance: "full_text", model: "text-embedding-3-small" }));
    expect(embedContentIndex).not.toHaveBeenCalled();
  });

  it("a server without a model list: the name is typed; one that is not a model name is refused, saying why", async () => {
    vi.mocked(listModels).mockResolvedValue({
      ...MODEL_LIST,
      provider: "custom",
      listed: false,
      typed: true,
      models: [],
      defaults: { drafting: null, keywords: null, seo: null, embeddings: null },
      fetchedAt: null,
    });
    const user = await renderForm({ relevance: "embeddings", model: "nomic-embed-text" });
    await waitFor(() => expect(screen.getByLabelText("Embeddings model").tagName).toBe("INPUT"));
    const model = screen.getByLabelText("Embeddings model");
    await user.clear(model);
    await user.type(model, "my model; drop");
    await user.click(save());
    expect(model.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/Enter a model name of letters, digits/)).toBeTruthy();
    expect(saveLinkRelevance).not.toHaveBeenCalled();
  });

  it("a failed save is reported and nothing is embedded", async () => {
    vi.mocked(saveLinkRelevance).mockRejectedValue(new Error("permission denied"));
    const user = await renderForm({ relevance: "embeddings", model: "text-embedding-3-small" });
    await user.click(save());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to save the internal links setting"));
    expect(embedContentIndex).not.toHaveBeenCalled();
  });
});
