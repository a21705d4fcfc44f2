import { Link } from "wouter";
import type { ScheduleTarget } from "../../articles/index";
import type { Resource } from "../../../lib/useResource";

type ScheduleTargetsProps = {
  load: Resource<ScheduleTarget[]>;
  selected: readonly string[];
  disabled: boolean;
  onChange(selected: string[]): void;
};

/** The connected WordPress sites a scheduled article is published to when its time comes. */
export function ScheduleTargets({ load, selected, disabled, onChange }: ScheduleTargetsProps) {
  const toggle = (siteId: string, checked: boolean) =>
    onChange(checked ? [...selected, siteId] : selected.filter((id) => id !== siteId));

  return (
    <fieldset className="schedule-targets" aria-busy={load.status === "loading"}>
      <legend>Publish To</legend>
      {load.status === "failed" && <small>Your WordPress sites could not be loaded.</small>}
      {load.status === "ready" && load.data.length === 0 && (
        <small>
          No WordPress sites connected, so this article will not be published anywhere when its time comes.{" "}
          <Link href="/wordpress-sites">Connect a site in WordPress Sites</Link>.
        </small>
      )}
      {load.status === "ready" && load.data.length > 0 && (
        <>
          {load.data.map((site) => (
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
