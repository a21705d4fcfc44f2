import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadCsv, fileNamePart, toCsv } from "./csv";

const BOM = "\uFEFF";

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe("toCsv", () => {
  it("starts with a UTF-8 byte-order mark and ends every record with CRLF", () => {
    expect(toCsv([["a", "b"], ["c", 1]])).toBe(`${BOM}a,b\r\nc,1\r\n`);
  });

  it("encodes the byte-order mark as EF BB BF", async () => {
    const bytes = await bytesOf(new Blob([toCsv([["x"]])]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("quotes fields with commas, quotes or line breaks and doubles the quotes", () => {
    expect(toCsv([["a,b", 'say "hi"', "two\nlines", "cr\rhere", "plain"]])).toBe(
      `${BOM}"a,b","say ""hi""","two\nlines","cr\rhere",plain\r\n`,
    );
  });

  it("keeps empty fields and non-ASCII text as they are", () => {
    expect(toCsv([["", "café 🚀", "Straße"]])).toBe(`${BOM},café 🚀,Straße\r\n`);
  });

  it.each([
    ["=HYPERLINK(\"http://evil\")", `"'=HYPERLINK(""http://evil"")"`],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
  ])("neutralises a formula in %j", (cell, expected) => {
    expect(toCsv([[cell]])).toBe(`${BOM}${expected}\r\n`);
  });

  it("leaves formula characters alone when they are not first", () => {
    expect(toCsv([["a=b", "1+1", "x@y.z", "$1.20"]])).toBe(`${BOM}a=b,1+1,x@y.z,$1.20\r\n`);
  });
});

describe("fileNamePart", () => {
  it.each([
    ["Home Gardening", "home-gardening"],
    ["  Vegan   Recipes  ", "vegan-recipes"],
    ["SEO / SEM: 2026?", "seo-sem-2026"],
    ['../../etc/passwd', "etcpasswd"],
    ['a<b>c:d"e|f?g*h\\i', "abcdefghi"],
    ["Café Crème", "café-crème"],
    ["snake_case-ok", "snake_case-ok"],
    ["!!!", ""],
  ])("%j → %j", (input, expected) => {
    expect(fileNamePart(input)).toBe(expected);
  });

  it("keeps names short", () => {
    expect(fileNamePart("word ".repeat(100)).length).toBeLessThanOrEqual(80);
    expect(fileNamePart("word ".repeat(100))).not.toMatch(/-$/);
  });
});

describe("downloadCsv", () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("downloads the text as a CSV file under the given name and releases it", async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:csv";
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    let clicked: HTMLAnchorElement | undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked = this;
    });

    downloadCsv("keyword-research-x.csv", toCsv([["a"]]));

    expect(click).toHaveBeenCalledOnce();
    expect(clicked?.download).toBe("keyword-research-x.csv");
    expect(clicked?.href).toBe("blob:csv");
    expect(clicked?.isConnected).toBe(false);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:csv");

    vi.useRealTimers();
    expect(blobs[0].type).toBe("text/csv;charset=utf-8");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf(blobs[0]));
    expect(text).toBe(toCsv([["a"]]));
  });
});
