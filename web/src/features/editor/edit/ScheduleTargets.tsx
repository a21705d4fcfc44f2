import { Link } from "wouter";
import type { ScheduleTarget } from "../../articles/index";

export type TargetsLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; sites: ScheduleTarget[] };

type ScheduleTargetsProps = {
  load: TargetsLoad;
  selected: readonly string[];
  disabled: boolean;
  onChange(selected: string[]): void;
};

/** The connected WordPress sites a scheduled article is published to when its time comes. */
export function ScheduleTargets({ load, selected, disabled, onChange }: ScheduleTargetsProps) {
  const toggle = (siteId: string, checked: boolean) =>
    onChange(checked ? [...selected, siteId] : selected.filter((id) => id !== siteId));

  return (
    <fieldset className="schedule-targets" aria-busy={load.state === "loading"}>
      <legend>Publish To</legend>
      {load.state === "failed" && <small>Your WordPress sites could not be loaded.</small>}
      {load.state === "ready" && load.sites.length === 0 && (
        <small>
          No WordPress sites connected, so this article will not be published anywhere when its time comes.{" "}
          <Link href="/wordpress-sites">Connect a site in WordPress Sites</Link>.
        </small>
      )}
      {load.state === "ready" && load.sites.length > 0 && (
        <>
          {load.sites.map((site) => (
            <label key={site.id}>
              <input
                type="checkbox"
                name="scheduledSiteIds"
                value={site.id}
                checked={selected.includes(site.id)}
                disabled={disabled}
                onChange={(event) => toggle(site.id, event.target.checked)}
              />
              {site.name}
            </label>
          ))}
          <small>At the scheduled time the article is published to the sites chosen here; with none, nowhere.</small>
        </>
      )}
    </fieldset>
  );
}
