import { describe, expect, it } from "vitest";
import { bodySections, occurrenceOf, withSectionImage } from "./bodySections";

const ARTICLE = [
  "<p>Opening words.</p>",
  "<h2>Choosing a starter</h2>",
  '<img src="https://storage.test/a.png" alt="A jar of starter">',
  "<p>A lively starter <strong>doubles</strong>.</p>",
  "<h2>Shaping</h2>",
  "<p>Tension matters.</p>",
  '<p><img src="https://storage.test/inline.png" alt="not under the heading"></p>',
  "<h2>  </h2>",
  "<h3>Not a section</h3>",
  "<h2>Baking</h2>",
  '<figure><img src="https://storage.test/b.png" alt="A loaf"><figcaption>Fresh</figcaption></figure>',
].join("\n");

describe("bodySections", () => {
  it("finds each H2 with its text and the image directly under it", () => {
    expect(bodySections(ARTICLE)).toEqual([
      {
        heading: "Choosing a starter",
        text: "A lively starter doubles.",
        image: { src: "https://storage.test/a.png", alt: "A jar of starter" },
      },
      { heading: "Shaping", text: "Tension matters.", image: null },
      { heading: "Baking", text: "Fresh", image: { src: "https://storage.test/b.png", alt: "A loaf" } },
    ]);
  });

  it("has no sections without an H2, and loads nothing while reading", () => {
    expect(bodySections("<p>Just text</p>")).toEqual([]);
    expect(bodySections('<h2>Hi</h2><img src="x" onerror="window.ran = true">')[0].image?.src).toBe("x");
    expect((window as { ran?: boolean }).ran).toBeUndefined();
  });
});

describe("withSectionImage", () => {
  it("puts a new image directly after the heading, on a line of its own", () => {
    const html = withSectionImage(ARTICLE, { heading: "Shaping", occurrence: 0 }, { src: "https://storage.test/c.png", alt: "Hands" });
    expect(html).toContain('<h2>Shaping</h2>\n<img src="https://storage.test/c.png" alt="Hands">\n<p>Tension matters.</p>');
    expect(bodySections(html!)[1].image).toEqual({ src: "https://storage.test/c.png", alt: "Hands" });
  });

  it("replaces the section's image where it stands, in a figure too", () => {
    const first = withSectionImage(ARTICLE, { heading: "Choosing a starter", occurrence: 0 }, { src: "https://storage.test/n.png", alt: "New" })!;
    expect(first).toContain('<h2>Choosing a starter</h2>\n<img src="https://storage.test/n.png" alt="New">\n<p>A lively');
    expect(first).not.toContain("a.png");
    const figure = withSectionImage(ARTICLE, { heading: "Baking", occurrence: 0 }, { src: "https://storage.test/m.png", alt: "M" })!;
    expect(figure).toContain('<figure><img src="https://storage.test/m.png" alt="M"><figcaption>Fresh</figcaption></figure>');
  });

  it("a replaced image loses the old one's size and title (a square's size would stretch a wide one)", () => {
    const html = '<h2>A</h2>\n<img src="https://storage.test/sq.png" alt="Old" width="512" height="512" title="t">';
    expect(withSectionImage(html, { heading: "A", occurrence: 0 }, { src: "https://storage.test/w.png", alt: "New" })).toBe(
      '<h2>A</h2>\n<img src="https://storage.test/w.png" alt="New">',
    );
  });

  it("keeps two sections of one name apart, and says when the section is gone", () => {
    const twice = "<h2>Tips</h2>\n<p>One</p>\n<h2>Tips</h2>\n<p>Two</p>";
    const sections = bodySections(twice);
    expect(occurrenceOf(sections, 1)).toBe(1);
    const html = withSectionImage(twice, { heading: "Tips", occurrence: 1 }, { src: "https://storage.test/t.png", alt: "T" });
    expect(html).toBe('<h2>Tips</h2>\n<p>One</p>\n<h2>Tips</h2>\n<img src="https://storage.test/t.png" alt="T">\n<p>Two</p>');
    expect(withSectionImage(twice, { heading: "Tips", occurrence: 2 }, { src: "x", alt: "x" })).toBeUndefined();
    expect(withSectionImage(twice, { heading: "Renamed", occurrence: 0 }, { src: "x", alt: "x" })).toBeUndefined();
  });
});
