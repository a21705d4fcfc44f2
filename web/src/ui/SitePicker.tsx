import { Link } from "wouter";
import type { Resource } from "../lib/useResource";

/** A connected site a post can be scheduled to. */
export type SiteChoice = { id: string; name: string };

type SitePickerProps = {
  legend: string;
  load: Resource<SiteChoice[]>;
  selected: readonly string[];
  disabled?: boolean;
  error?: string;
  help: string;
  onChange(selected: string[]): void;
};

/** Checkboxes for the user's connected WordPress sites. */
export function SitePicker({ legend, load, selected, disabled, error, help, onChange }: SitePickerProps) {
  const toggle = (siteId: string, checked: boolean) =>
    onChange(checked ? [...selected, siteId] : selected.filter((id) => id !== siteId));
  return (
    <fieldset aria-busy={load.status === "loading"} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {load.status === "failed" && <small>Your WordPress sites could not be loaded.</small>}
      {load.status === "ready" && load.data.length === 0 && (
        <small>
          No WordPress sites connected. <Link href="/wordpress-sites">Connect a site in WordPress Sites</Link>.
        </small>
      )}
      {/* The help that follows reads as the next sentence, not run on. */}
      {load.status === "ready" && load.data.length === 0 && " "}
      {load.status === "ready" &&
        load.data.map((site) => (
          <label key={site.id}>
            <input
              type="checkbox"
              value={site.id}
              checked={selected.includes(site.id)}
              disabled={disabled}
              onChange={(event) => toggle(site.id, event.target.checked)}
            />
            {site.name}
          </label>
        ))}
      <small role={error ? "alert" : undefined}>{error ?? help}</small>
    </fieldset>
  );
}
