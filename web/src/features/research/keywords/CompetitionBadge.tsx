import type { CompetitionLevel } from "@contracts/keywords";
import { competitionTone } from "./keywordTones";
import { NOT_AVAILABLE } from "./notAvailable";

/** The competition as a coloured badge with its word; N/A (grey) when the model gave none that could be read. */
export function CompetitionBadge({ competition }: { competition: CompetitionLevel | null }) {
  const tone = competition ? competitionTone(competition) : "grey";
  return (
    <span className={`badge badge-${tone}`} data-tone={tone}>
      {competition ? competition.charAt(0).toUpperCase() + competition.slice(1) : NOT_AVAILABLE}
    </span>
  );
}
