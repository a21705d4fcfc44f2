import { difficultyTone, difficultyWord } from "./keywordTones";
import { NOT_AVAILABLE } from "./notAvailable";

/** Keyword difficulty as a coloured bar plus the number; the meter carries the value for screen readers. */
export function DifficultyMeter({ difficulty }: { difficulty: number | null }) {
  if (difficulty === null) return <span className="difficulty">{NOT_AVAILABLE}</span>;
  const tone = difficultyTone(difficulty);
  return (
    <span className="difficulty">
      <span
        className="difficulty-bar"
        role="meter"
        aria-label="Difficulty"
        aria-valuemin={1}
        aria-valuemax={100}
        aria-valuenow={difficulty}
        aria-valuetext={`${difficulty} of 100, ${difficultyWord(difficulty)}`}
        data-tone={tone}
      >
        <span style={{ width: `${difficulty}%` }} />
      </span>
      <span aria-hidden="true">{difficulty}</span>
    </span>
  );
}
