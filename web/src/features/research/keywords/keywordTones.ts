type DifficultyTone = "green" | "yellow" | "red";
export type Tone = DifficultyTone | "grey";

/** Difficulty 1–100 (spec §9): green below 30, yellow below 60, red otherwise. */
export function difficultyTone(difficulty: number): DifficultyTone {
  if (difficulty < 30) return "green";
  if (difficulty < 60) return "yellow";
  return "red";
}

/** Words for the difficulty bands, so colour is never the only cue. */
const DIFFICULTY_WORDS: Record<DifficultyTone, string> = { green: "easy", yellow: "moderate", red: "hard" };

export function difficultyWord(difficulty: number): string {
  return DIFFICULTY_WORDS[difficultyTone(difficulty)];
}

const COMPETITION_TONES = new Map<string, Tone>([
  ["low", "green"],
  ["medium", "yellow"],
  ["high", "red"],
]);

/** Competition (spec §9): low green, medium yellow, high red, anything else grey. */
export function competitionTone(competition: string): Tone {
  return COMPETITION_TONES.get(competition.toLowerCase()) ?? "grey";
}
