import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RequestFailure } from "../../../backend/functionErrors";
import { illustrateSections, type SectionImageResult } from "../data/sectionImages";
import SectionImages from "./SectionImages";

vi.mock("../data/sectionImages", () => ({ illustrateSections: vi.fn() }));

const CONTENT = [
  "<p>Opening.</p>",
  "<h2>Starter</h2>",
  '<img src="https://storage.test/old.png" alt="An old jar">',
  "<p>Feed it.</p>",
  "<h2>Shaping</h2>",
  "<p>Fold it.</p>",
  "<h2>Baking</h2>",
  "<p>Bake it.</p>",
].join("\n");

let shown = "";
function Harness({ initial = CONTENT }: { initial?: string }) {
  const [content, setContent] = useState(initial);
  shown = content;
  return (
    <>
      <button type="button" onClick={() => setContent(content.replace("<h2>Baking</h2>", "<h2>Baking day</h2>"))}>
        Rename baking
      </button>
      <SectionImages content={content} onContentChange={setContent} title="Sourdough" assistantId="as-1" locale="es" />
    </>
  );
}

beforeEach(() => {
  vi.mocked(illustrateSections).mockReset();
});

/** illustrateSections as it behaves: each outcome handed to onResult, then all of them. */
function answers(results: SectionImageResult[]) {
  vi.mocked(illustrateSections).mockImplementation(async (_request, options) => {
    results.forEach((result, index) => options?.onResult?.(index, result));
    return results;
  });
}

/** illustrateSections answering when the test says: `finish(results)`. */
function answersLater() {
  let finish: (results: SectionImageResult[]) => void = () => {};
  vi.mocked(illustrateSections).mockImplementation(
    (_request, options) =>
      new Promise((resolve, reject) => {
        // As supabase-js's invoke does when its signal is aborted.
        options?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        finish = (results) => {
          results.forEach((result, index) => options?.onResult?.(index, result));
          resolve(results);
        };
      }),
  );
  return (results: SectionImageResult[]) => finish(results);
}

describe("Images in the body", () => {
  it("lists the sections with their images and draws the missing ones at once, under their headings", async () => {
    const finish = answersLater();
    const user = userEvent.setup();
    render(<Harness />);
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["StarterRegenerate", "ShapingNo imageGenerate", "BakingNo imageGenerate"]);
    expect(within(rows[0]).getByRole("img", { name: "An old jar" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add images to 2 sections" }));
    expect(illustrateSections).toHaveBeenCalledWith(
      {
        title: "Sourdough",
        assistantId: "as-1",
        locale: "es",
        sections: [
          { heading: "Shaping", text: "Fold it." },
          { heading: "Baking", text: "Bake it." },
        ],
      },
      expect.objectContaining({ signal: expect.any(AbortSignal), onResult: expect.any(Function) }),
    );
    expect(screen.getByRole("status").textContent).toContain("Drawing 2 images…");
    expect(screen.getByRole("button", { name: "Regenerate image for “Starter”" })).toHaveProperty("disabled", true);

    finish([
      { ok: true, url: "https://storage.test/shaping.png", alt: "Manos dando forma" },
      { ok: false, message: "Your image library is full." },
    ]);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1 image placed under its heading."));
    expect(shown).toContain('<h2>Shaping</h2>\n<img src="https://storage.test/shaping.png" alt="Manos dando forma">\n<p>Fold it.</p>');
    const baking = screen.getAllByRole("listitem")[2];
    expect(within(baking).getByRole("alert").textContent).toBe("Your image library is full.");
    expect(screen.getByRole("button", { name: "Add an image to 1 section" })).toBeTruthy();
  });

  it("regenerates one section's image in place", async () => {
    answers([{ ok: true, url: "https://storage.test/new.png", alt: "Un tarro" }]);
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Regenerate image for “Starter”" }));
    await waitFor(() => expect(shown).toContain('<h2>Starter</h2>\n<img src="https://storage.test/new.png" alt="Un tarro">\n<p>Feed it.</p>'));
    expect(shown).not.toContain("old.png");
    expect(vi.mocked(illustrateSections).mock.calls[0][0].sections).toEqual([{ heading: "Starter", text: "Feed it." }]);
  });

  it("says so when a section was renamed while its image was drawn (the image stays in the library)", async () => {
    const finish = answersLater();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Generate image for “Baking”" }));
    await user.click(screen.getByRole("button", { name: "Rename baking" }));
    finish([{ ok: true, url: "https://storage.test/bake.png", alt: "Pan" }]);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("“Baking” changed while its image was drawn: the image is in your image library."),
    );
    expect(shown).not.toContain("bake.png");
  });

  it("shows a failed plan in place, with where it is fixed", async () => {
    vi.mocked(illustrateSections).mockImplementation(() =>
      Promise.reject(new RequestFailure("OpenAI API key not found", { href: "/profile", label: "Profile Settings" })),
    );
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Add images to 2 sections" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("OpenAI API key not found");
    expect(within(alert).getByRole("link", { name: "Go to Profile Settings" })).toBeTruthy();
  });

  it("draws every missing image when asked without a press, once per request", async () => {
    answers([
      { ok: true, url: "https://storage.test/s.png", alt: "S" },
      { ok: true, url: "https://storage.test/b.png", alt: "B" },
    ]);
    const props = { onContentChange: vi.fn(), title: "", assistantId: null, locale: null };
    const { rerender } = render(<SectionImages content={CONTENT} {...props} drawMissing={0} />);
    expect(illustrateSections).not.toHaveBeenCalled();
    rerender(<SectionImages content={CONTENT} {...props} drawMissing={1} />);
    // Each image goes in as it arrives, the second into the text with the first.
    await waitFor(() => expect(props.onContentChange).toHaveBeenCalledTimes(2));
    expect(props.onContentChange.mock.calls[1][0]).toContain('<h2>Shaping</h2>\n<img src="https://storage.test/s.png" alt="S">');
    expect(props.onContentChange.mock.calls[1][0]).toContain('<h2>Baking</h2>\n<img src="https://storage.test/b.png" alt="B">');
    expect(vi.mocked(illustrateSections).mock.calls[0][0].sections.map((section) => section.heading)).toEqual(["Shaping", "Baking"]);
    rerender(<SectionImages content={CONTENT} {...props} drawMissing={1} />);
    expect(illustrateSections).toHaveBeenCalledTimes(1);
  });

  it("stops a draw when other AI work starts on the text (a new draft streaming in), and sends sections cut to the function's limits", async () => {
    answersLater();
    const props = { onContentChange: vi.fn(), title: "", assistantId: null, locale: null };
    const long = `<h2>${"Heading ".repeat(60)}</h2>\n<p>${"word ".repeat(600)}</p>`;
    const user = userEvent.setup();
    const { rerender } = render(<SectionImages content={long} {...props} />);
    await user.click(screen.getByRole("button", { name: "Add an image to 1 section" }));
    const [request, options] = vi.mocked(illustrateSections).mock.calls[0];
    expect(request.sections[0].heading.length).toBeLessThanOrEqual(300);
    expect(request.sections[0].text.length).toBeLessThanOrEqual(1_500);
    rerender(<SectionImages content={long} {...props} disabled />);
    expect(options?.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(""));
  });

  it("asks for section headings when the content has none", () => {
    render(<Harness initial="<p>No sections yet.</p>" />);
    expect(screen.getByText("Add section headings (H2) to the content to put an image under each.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add images/ })).toBeNull();
  });
});
