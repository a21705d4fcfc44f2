/**
 * The element to focus for an invalid form field: the form control named
 * `name`, else an element marked `data-field="<name>"` (a control that is
 * not a form element, such as the visual article editor).
 */
export function fieldElement(form: HTMLFormElement, name: string): HTMLElement | null {
  const named = form.elements.namedItem(name);
  if (named instanceof HTMLElement) return named;
  return form.querySelector<HTMLElement>(`[data-field="${name}"]`);
}
