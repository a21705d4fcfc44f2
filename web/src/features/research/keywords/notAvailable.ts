/** Shown for an estimate the model left out or sent in a form that could not be read (spec: N/A). */
export const NOT_AVAILABLE = "N/A";
