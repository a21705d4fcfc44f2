import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../auth/data/auth";
import { setSignedIn } from "../../../test/session";
import { listConnectedSites } from "../sites/index";
import { loadSeoSettings, saveSeoSettings, type SeoSettings } from "./data/seoSettings";
import { SeoPanel } from "./SeoPanel";
import { SeoSettingsForm } from "./SeoSettingsForm";
import { notifySuccess } from "../../lib/notify";

vi.mock("../sites/index", () => ({ listConnectedSites: vi.fn() }));
vi.mock("./data/seoSettings", async (original) => ({
  ...(await original<typeof import("./data/seoSettings")>()),
  loadSeoSettings: vi.fn(),
  saveSeoSettings: vi.fn(),
}));
vi.mock("./data/articleScores", () => ({ storeArticleScore: vi.fn(), loadArticleScores: vi.fn(), loadArticlesForScoring: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const TEXT =
  "<h2>Balcony tomatoes for beginners</h2><p>Balcony tomatoes grow well in a deep pot on a sunny balcony. " +
  "Water them every morning and feed them once a week. Pick the fruit when it is red.</p>";

const ARTICLE = {
  title: "How to grow tomatoes in pots",
  metaDescription: "Grow balcony tomatoes in pots.",
  focusKeyword: "balcony tomatoes",
  slug: "balcony-tomatoes",
  content: TEXT,
};

let userNumber = 0;
async function signInFresh(settings: Partial<SeoSettings> = {}) {
  vi.mocked(loadSeoSettings).mockResolvedValue({ disabledChecks: [], publishWarningBelow: 50, language: "auto", ...settings });
  vi.mocked(listConnectedSites).mockResolvedValue([]);
  // A new user each test: the SEO store forgets the previous user's settings.
  setSignedIn({ id: `seo-user-${++userNumber}`, email: "ada@example.com" } as User);
  await act(() => Promise.resolve());
}

const row = (id: string) => document.querySelector(`[data-check="${id}"]`) as HTMLElement;

beforeEach(() => signInFresh());

describe("SeoPanel", () => {
  it("shows every check with its traffic light, and the score", async () => {
    render(<SeoPanel {...ARTICLE} />);
    await waitFor(() => expect(row("keyword-in-title")).toBeTruthy());
    const panel = screen.getByRole("region", { name: "SEO and readability" });
    expect(within(row("keyword-in-title")).getByText("Fail")).toBeTruthy();
    expect(row("keyword-in-title").textContent).toContain("Not in the title");
    expect(within(row("title-length")).getByText("Warning")).toBeTruthy();
    expect(row("title-length").textContent).toContain("28 / 60 characters");
    const meter = row("title-length").querySelector("meter")!;
    expect([meter.value, meter.getAttribute("low"), meter.getAttribute("high"), meter.getAttribute("aria-hidden")]).toEqual([28, "30", "60", "true"]);
    expect(panel.querySelectorAll("[data-check]").length).toBe(18);
    expect(within(panel).getByText(/^SEO score \d+ of 100/)).toBeTruthy();
    expect(within(panel).getByText("Language: English (detected).")).toBeTruthy();
  });

  it("flips the keyword-in-title check when the keyword is added to the title, after a pause in typing", async () => {
    function Editor() {
      const [title, setTitle] = useState(ARTICLE.title);
      return (
        <>
          <label>
            Title
            <input value={title} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <SeoPanel {...ARTICLE} title={title} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Editor />);
    await waitFor(() => expect(row("keyword-in-title").dataset.outcome).toBe("fail"));
    const scoreBefore = screen.getByText(/^SEO score \d+ of 100/).textContent;
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "Balcony tomatoes: how to grow them in pots");
    await waitFor(() => expect(row("keyword-in-title").dataset.outcome).toBe("pass"));
    expect(row("keyword-in-title").textContent).toContain("In the title");
    expect(screen.getByText(/^SEO score \d+ of 100/).textContent).not.toBe(scoreBefore);
  });

  it("hides checks switched off in the settings and leaves them out of the score", async () => {
    await signInFresh({ disabledChecks: ["keyword-in-title", "title-length"] });
    render(<SeoPanel {...ARTICLE} />);
    await waitFor(() => expect(screen.getByText(/2 checks are switched off/)).toBeTruthy());
    expect(row("keyword-in-title")).toBeNull();
    expect(row("title-length")).toBeNull();
    expect(screen.getByRole("link", { name: "Change in Profile Settings" }).getAttribute("href")).toBe("/profile#seo-settings");
  });

  it("says readability is not checked for a language without a formula", async () => {
    const japanese = {
      ...ARTICLE,
      content: "<p>東京の美味しいラーメン屋を紹介します。今日は三軒を回りました。どれもとても美味しかったです。また行きたいと思います。</p>",
    };
    render(<SeoPanel {...japanese} />);
    await waitFor(() => expect(row("reading-ease")).toBeTruthy());
    expect(screen.getByText("Language: Japanese (detected).")).toBeTruthy();
    for (const id of ["reading-ease", "passive-voice"]) {
      expect(within(row(id)).getByText("Not checked")).toBeTruthy();
      expect(row(id).textContent).toContain("Not checked for this language");
    }
  });

  it("uses the language chosen in the settings instead of detecting it", async () => {
    await signInFresh({ language: "de" });
    render(<SeoPanel {...ARTICLE} />);
    await waitFor(() => expect(screen.getByText("Language: German.")).toBeTruthy());
    expect(row("reading-ease").textContent).toContain("German, Amstad (1978)");
    expect(row("passive-voice").textContent).toContain("Not checked for this language");
  });

  it("treats links to the user's own sites as internal", async () => {
    vi.mocked(listConnectedSites).mockResolvedValue([{ site_url: "https://garden.example" }] as never);
    render(<SeoPanel {...ARTICLE} content={`${TEXT}<p><a href="https://garden.example/compost">compost</a></p>`} />);
    await waitFor(() => expect(row("internal-links")?.dataset.outcome).toBe("pass"));
    expect(row("outbound-links").dataset.outcome).toBe("warning");
  });
});

describe("SeoSettingsForm", () => {
  it("switches checks off, sets the warning level and the language, and the panel follows", async () => {
    vi.mocked(saveSeoSettings).mockResolvedValue();
    const user = userEvent.setup();
    render(
      <>
        <SeoSettingsForm />
        <SeoPanel {...ARTICLE} />
      </>,
    );
    await waitFor(() => expect(row("passive-voice")).toBeTruthy());
    await user.click(screen.getByRole("switch", { name: "Passive voice" }));
    await user.clear(screen.getByLabelText("Warn before publishing below this score"));
    await user.type(screen.getByLabelText("Warn before publishing below this score"), "70");
    await user.selectOptions(screen.getByLabelText("Language of your articles"), "en");
    await user.click(screen.getByRole("button", { name: "Save SEO settings" }));
    expect(saveSeoSettings).toHaveBeenCalledWith(expect.stringMatching(/^seo-user-/), {
      disabledChecks: ["passive-voice"],
      publishWarningBelow: 70,
      language: "en",
    });
    expect(notifySuccess).toHaveBeenCalledWith("SEO settings saved");
    await waitFor(() => expect(row("passive-voice")).toBeNull());
    expect(await screen.findByText("Language: English.")).toBeTruthy();
  });

  it("refuses a warning level outside 0–100", async () => {
    const user = userEvent.setup();
    render(<SeoSettingsForm />);
    const input = screen.getByLabelText("Warn before publishing below this score");
    await user.clear(input);
    await user.type(input, "150");
    await user.click(screen.getByRole("button", { name: "Save SEO settings" }));
    expect(screen.getByText("Enter a whole number from 0 to 100")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(saveSeoSettings).not.toHaveBeenCalled();
  });
});
