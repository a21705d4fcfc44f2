import { competitionTone } from "./keywordTones";

export function CompetitionBadge({ competition }: { competition: string }) {
  const tone = competitionTone(competition);
  return (
    <span className={`badge badge-${tone}`} data-tone={tone}>
      {competition.charAt(0).toUpperCase() + competition.slice(1)}
    </span>
  );
}
