/** A centred loading indicator announced to assistive technology. */
export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-busy="true" aria-label={label} />
  );
}
