/**
 * The style presets images are drawn in (spec §9's list): the image screens'
 * Style Preset and an assistant's image style (assistants.image_style,
 * migration 20261218000100, whose check repeats the list). Shared with the
 * browser: imports nothing, so a screen that only names a style loads no zod.
 */

export const STYLE_PRESETS = [
  "photographic",
  "digital-art",
  "comic-book",
  "fantasy-art",
  "isometric",
  "line-art",
  "low-poly",
  "origami",
  "3d-model",
] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];

export const STYLE_PRESET_LABELS: Readonly<Record<StylePreset, string>> = {
  photographic: "Photographic",
  "digital-art": "Digital Art",
  "comic-book": "Comic Book",
  "fantasy-art": "Fantasy Art",
  isometric: "Isometric",
  "line-art": "Line Art",
  "low-poly": "Low Poly",
  origami: "Origami",
  "3d-model": "3D Model",
};
