const TONES: Record<string, string> = { published: "green", scheduled: "blue" };

/** Article status: published green, scheduled blue, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  const tone = TONES[status] ?? "grey";
  return (
    <span className={`badge badge-${tone}`} data-tone={tone}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
