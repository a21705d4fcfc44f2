import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  createArticleTemplate,
  deleteArticleTemplate,
  getArticleTemplate,
  listArticleTemplates,
  updateArticleTemplate,
  type ArticleTemplate,
} from "./data/articleTemplates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { setSignedIn } from "../../../test/session";
import TemplateFormPage from "./TemplateFormPage";
import TemplatesPage, { DELETE_TEMPLATE_CONFIRMATION } from "./TemplatesPage";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/articleTemplates", () => ({
  listArticleTemplates: vi.fn(),
  getArticleTemplate: vi.fn(),
  createArticleTemplate: vi.fn(),
  updateArticleTemplate: vi.fn(),
  deleteArticleTemplate: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ID = "5b8f0c2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
const TEMPLATES: ArticleTemplate[] = [
  {
    id: ID,
    name: "How-to guide",
    sections: ["What you need", "Step by step", "Common mistakes"],
    requiredElements: ["faq"],
    wordTarget: 1200,
  },
  { id: "b", name: "Listicle", sections: ["Number one"], requiredElements: [], wordTarget: null },
];

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <Switch>
        <Route path="/templates" component={TemplatesPage} />
        <Route path="/templates/new" component={TemplateFormPage} />
        <Route path="/templates/:id" component={TemplateFormPage} />
      </Switch>
    </Router>,
  );
  return { user, location };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
const card = (name: string) => screen.getByRole("article", { name });

beforeEach(() => setSignedIn());

describe("templates list", () => {
  it("shows each template's sections, word target and elements, with Edit and Delete", async () => {
    vi.mocked(listArticleTemplates).mockResolvedValue(TEMPLATES);
    renderAt("/templates");
    const guide = await screen.findByRole("article", { name: "How-to guide" });
    expect(within(guide).getAllByRole("listitem").map((item) => item.textContent)).toEqual(TEMPLATES[0].sections);
    expect(guide.textContent).toContain("3 sections · about 1200 words · includes FAQ");
    expect(card("Listicle").textContent).toContain("1 section");
    expect(within(guide).getByRole("button", { name: "Edit" }).getAttribute("href")).toBe(`/templates/${ID}`);
    expect(screen.getByRole("button", { name: "New Template" }).getAttribute("href")).toBe("/templates/new");
  });

  it("says when there are none", async () => {
    vi.mocked(listArticleTemplates).mockResolvedValue([]);
    renderAt("/templates");
    expect(await screen.findByRole("heading", { name: "No templates yet" })).toBeTruthy();
  });

  it("deletes after confirmation in the app's dialog, and nothing on Cancel", async () => {
    vi.mocked(listArticleTemplates).mockResolvedValue(TEMPLATES);
    vi.mocked(deleteArticleTemplate).mockResolvedValue();
    const { user } = renderAt("/templates");
    await screen.findByRole("article", { name: "Listicle" });
    await user.click(within(card("Listicle")).getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(deleteArticleTemplate).not.toHaveBeenCalled();
    await user.click(within(card("Listicle")).getByRole("button", { name: "Delete" }));
    const question = screen.getByRole("alertdialog", { name: "Delete Listicle?" });
    expect(question.textContent).toContain(DELETE_TEMPLATE_CONFIRMATION);
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(deleteArticleTemplate).toHaveBeenCalledWith("b");
    await waitFor(() => expect(screen.queryByRole("article", { name: "Listicle" })).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith("Template deleted successfully");
  });

  it("keeps the template and reports a failed delete", async () => {
    vi.mocked(listArticleTemplates).mockResolvedValue(TEMPLATES);
    vi.mocked(deleteArticleTemplate).mockRejectedValue(new Error("network"));
    const { user } = renderAt("/templates");
    await screen.findByRole("article", { name: "Listicle" });
    await user.click(within(card("Listicle")).getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to delete template"));
    expect(card("Listicle")).toBeTruthy();
  });
});

describe("template form", () => {
  it("says what is missing or out of range, and saves nothing", async () => {
    const { user } = renderAt("/templates/new");
    await user.type(field("Word target"), "20");
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    expect(noteOf(field("Name"))).toBe("Name is required");
    expect(noteOf(field("Sections"))).toBe("Add at least one section, one heading per line");
    expect(noteOf(field("Word target"))).toBe("Choose a word target between 300 and 5000");
    expect(createArticleTemplate).not.toHaveBeenCalled();
  });

  it("creates a template from one heading per line, blank lines left out, with its elements", async () => {
    vi.mocked(createArticleTemplate).mockResolvedValue();
    vi.mocked(listArticleTemplates).mockResolvedValue([]);
    const { user, location } = renderAt("/templates/new");
    await user.type(field("Name"), " Review ");
    await user.type(field("Sections"), "  Verdict {Enter}{Enter}Pros and cons{Enter}Who it is for");
    await user.type(field("Word target"), "900");
    await user.click(screen.getByLabelText("FAQ"));
    await user.click(screen.getByLabelText("Key takeaways"));
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    expect(createArticleTemplate).toHaveBeenCalledWith({
      name: "Review",
      sections: ["Verdict", "Pros and cons", "Who it is for"],
      wordTarget: 900,
      requiredElements: ["key-takeaways", "faq"],
    });
    await waitFor(() => expect(location.history.at(-1)).toBe("/templates"));
    expect(notifySuccess).toHaveBeenCalledWith("Template created successfully");
  });

  it("edits a template: its values are filled in and saved back", async () => {
    vi.mocked(getArticleTemplate).mockResolvedValue(TEMPLATES[0]);
    vi.mocked(updateArticleTemplate).mockResolvedValue();
    vi.mocked(listArticleTemplates).mockResolvedValue(TEMPLATES);
    const { user } = renderAt(`/templates/${ID}`);
    await waitFor(() => expect(field("Name").value).toBe("How-to guide"));
    expect(field("Sections").value).toBe("What you need\nStep by step\nCommon mistakes");
    expect(field("Word target").value).toBe("1200");
    expect((screen.getByLabelText("FAQ") as HTMLInputElement).checked).toBe(true);
    await user.clear(field("Word target"));
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    expect(updateArticleTemplate).toHaveBeenCalledWith(ID, {
      name: "How-to guide",
      sections: TEMPLATES[0].sections,
      wordTarget: null,
      requiredElements: ["faq"],
    });
  });

  it("says when the template does not exist", async () => {
    vi.mocked(getArticleTemplate).mockResolvedValue(null);
    renderAt("/templates/unknown");
    expect(await screen.findByRole("heading", { name: "Template not found" })).toBeTruthy();
  });
});
