import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn } from "../../../../test/session";
import { getKeywordDataProviderStatus, removeKeywordDataProvider, saveKeywordDataProvider } from "../data/keywordData";
import { notifySuccess } from "../../../lib/notify";
import { KeywordDataProviderForm } from "./KeywordDataProviderForm";

vi.mock("../data/keywordData", () => ({
  getKeywordDataProviderStatus: vi.fn(),
  saveKeywordDataProvider: vi.fn(),
  removeKeywordDataProvider: vi.fn(),
}));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const STATUS = {
  provider: "dataforseo" as const,
  loginLast4: "test",
  passwordLast4: "WXYZ",
  locationCode: 2276,
  languageCode: "de",
  updatedAt: new Date("2026-12-01T10:00:00Z"),
};

beforeEach(() => setSignedIn());

describe("KeywordDataProviderForm", () => {
  it("a new account needs its login and password; location and language are chosen", async () => {
    vi.mocked(getKeywordDataProviderStatus).mockResolvedValueOnce(null).mockResolvedValueOnce(STATUS);
    vi.mocked(saveKeywordDataProvider).mockResolvedValue();
    const user = userEvent.setup();
    render(<KeywordDataProviderForm />);
    await screen.findByText("Not connected: keyword research shows AI estimates.");
    await user.click(screen.getByRole("button", { name: "Save keyword data provider" }));
    expect(screen.getByText("Enter your DataForSEO API login")).toBeTruthy();
    expect(screen.getByText("Enter your DataForSEO API password")).toBeTruthy();
    expect(saveKeywordDataProvider).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("DataForSEO API login"), "me@example.test");
    await user.type(screen.getByLabelText("DataForSEO API password"), "FIXTURE-password-WXYZ");
    expect((screen.getByLabelText("DataForSEO API password") as HTMLInputElement).type).toBe("password");
    await user.selectOptions(screen.getByLabelText("Location"), "Germany");
    await user.selectOptions(screen.getByLabelText("Language"), "German");
    await user.click(screen.getByRole("button", { name: "Save keyword data provider" }));
    expect(saveKeywordDataProvider).toHaveBeenCalledWith({
      login: "me@example.test",
      password: "FIXTURE-password-WXYZ",
      locationCode: 2276,
      languageCode: "de",
    });
    expect(notifySuccess).toHaveBeenCalledWith("Keyword data provider saved");
    await screen.findByText(/Connected \(login ending in test, password ending in WXYZ\): data for Germany in German/);
    expect((screen.getByLabelText("DataForSEO API password") as HTMLInputElement).value).toBe("");
  });

  it("a saved account shows only the last four characters; blank fields keep the credentials", async () => {
    vi.mocked(getKeywordDataProviderStatus).mockResolvedValue(STATUS);
    vi.mocked(saveKeywordDataProvider).mockResolvedValue();
    const user = userEvent.setup();
    render(<KeywordDataProviderForm />);
    await screen.findByText(/password ending in WXYZ/);
    expect(screen.getByText("Leave empty to keep the saved password.")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Location") as HTMLSelectElement).value).toBe("2276"));
    await user.selectOptions(screen.getByLabelText("Location"), "Austria");
    await user.click(screen.getByRole("button", { name: "Save keyword data provider" }));
    expect(saveKeywordDataProvider).toHaveBeenCalledWith({ login: "", password: "", locationCode: 2040, languageCode: "de" });
  });

  it("removes the account after a confirmation", async () => {
    vi.mocked(getKeywordDataProviderStatus).mockResolvedValueOnce(STATUS).mockResolvedValueOnce(null);
    vi.mocked(removeKeywordDataProvider).mockResolvedValue();
    const user = userEvent.setup();
    render(<KeywordDataProviderForm />);
    await user.click(await screen.findByRole("button", { name: "Remove" }));
    const question = screen.getByRole("alertdialog", { name: "Remove your DataForSEO account?" });
    expect(question.textContent).toContain("Keyword research goes back to AI estimates.");
    expect(removeKeywordDataProvider).not.toHaveBeenCalled();
    await user.click(within(question).getByRole("button", { name: "Remove" }));
    expect(removeKeywordDataProvider).toHaveBeenCalled();
    await screen.findByText("Not connected: keyword research shows AI estimates.");
  });
});
