/**
 * An article's sections as "Images in the body" sees them: each H2 at the
 * top level of the content, the text up to the next H2, and the section's
 * image — the image that stands directly after the heading (a bare <img>,
 * as the editor writes block images, or one alone in a <p> or <figure>, as
 * pasted HTML has them). Parsed in a <template>, which is inert: nothing in
 * the HTML loads or runs.
 */

export type BodySection = {
  heading: string;
  /** The section's text, images left out. */
  text: string;
  /** The image under its heading, if it has one. */
  image: { src: string; alt: string } | null;
};

export type SectionImage = { src: string; alt: string };

function parse(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

function serialize(root: DocumentFragment): string {
  const holder = document.createElement("template");
  holder.content.append(root);
  return holder.innerHTML;
}

const headingText = (heading: Element) => (heading.textContent ?? "").replace(/\s+/g, " ").trim();

/** The <img> a block is, or holds alone (with nothing but whitespace beside it). */
function soleImage(block: Element | null): Element | null {
  if (!block) return null;
  if (block.localName === "img") return block;
  if (block.localName !== "p" && block.localName !== "figure") return null;
  const images = block.querySelectorAll("img");
  if (images.length !== 1) return null;
  const rest = (block.textContent ?? "").trim();
  const caption = block.querySelector("figcaption");
  return rest === "" || (caption !== null && rest === (caption.textContent ?? "").trim()) ? images[0] : null;
}

function topLevelHeadings(root: DocumentFragment): Element[] {
  return [...root.children].filter((element) => element.localName === "h2" && headingText(element) !== "");
}

export function bodySections(html: string): BodySection[] {
  const root = parse(html);
  return topLevelHeadings(root).map((heading) => {
    const parts: string[] = [];
    for (let block = heading.nextElementSibling; block && block.localName !== "h2"; block = block.nextElementSibling) {
      if (block.localName === "img") continue;
      const text = (block.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text) parts.push(text);
    }
    const image = soleImage(heading.nextElementSibling);
    return {
      heading: headingText(heading),
      text: parts.join("\n"),
      image: image ? { src: image.getAttribute("src") ?? "", alt: image.getAttribute("alt") ?? "" } : null,
    };
  });
}

/**
 * `html` with `image` under the section headed `heading` — the `occurrence`th
 * (0-based) section of that heading, so two sections of one name stay
 * apart: its image replaced, or a new one put directly after the heading on
 * a line of its own (the editor's layout: one block per line). Undefined
 * when no such section is left (its heading was edited or removed while
 * the image was being drawn).
 */
export function withSectionImage(
  html: string,
  { heading, occurrence }: { heading: string; occurrence: number },
  image: SectionImage,
): string | undefined {
  const root = parse(html);
  const target = topLevelHeadings(root).filter((element) => headingText(element) === heading)[occurrence];
  if (!target) return undefined;
  const existing = soleImage(target.nextElementSibling);
  if (existing) {
    existing.setAttribute("src", image.src);
    existing.setAttribute("alt", image.alt);
    // The old image's size and title are not the new one's (a square one's size would stretch a wide one).
    for (const name of ["width", "height", "title", "srcset", "sizes"]) existing.removeAttribute(name);
    return serialize(root);
  }
  // Made in the template's inert document: an image made in the page's would start loading.
  const element = target.ownerDocument.createElement("img");
  element.setAttribute("src", image.src);
  element.setAttribute("alt", image.alt);
  target.after("\n", element);
  return serialize(root);
}

/** Which occurrence of its heading the section at `index` is (0 for the first section of that name). */
export function occurrenceOf(sections: readonly BodySection[], index: number): number {
  return sections.slice(0, index).filter((section) => section.heading === sections[index].heading).length;
}
