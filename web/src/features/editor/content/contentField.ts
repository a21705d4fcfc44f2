/** What the article content field takes, in either editor (the visual one, or the HTML textarea while it loads or fails). */
export type ContentFieldProps = {
  label: string;
  name: string;
  /** The article HTML. */
  value: string;
  error?: string;
  help?: string;
  /** While an AI draft streams in. */
  readOnly?: boolean;
  onChange(html: string): void;
  /** Offers AI on a selection in the visual editor (SelectionAssistant); absent: not offered. */
  selectionAssistant?: {
    /** The saved article being edited (its language is the suggestion's). */
    articleId?: string;
    /** A suggestion was accepted; `html` is the article as it then stood. */
    onAccepted?(html: string): void;
  };
};
