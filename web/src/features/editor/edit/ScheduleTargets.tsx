import { useId } from "react";
import { Link } from "wouter";
import type { ScheduleTarget } from "../../articles/index";
import type { Resource } from "../../../lib/useResource";

type ScheduleTargetsProps = {
  load: Resource<ScheduleTarget[]>;
  selected: readonly string[];
  disabled: boolean;
  onChange(selected: string[]): void;
  /** Why the choice is refused (no site chosen), shown under the sites. */
  error?: string;
};

/**
 * The connected sites a scheduled article is published to when its time
 * comes. A schedule needs at least one (save-article refuses one without).
 */
export function ScheduleTargets({ load, selected, disabled, onChange, error }: ScheduleTargetsProps) {
  const errorId = useId();
  const toggle = (siteId: string, checked: boolean) =>
    onChange(checked ? [...selected, siteId] : selected.filter((id) => id !== siteId));

  return (
    <fieldset
      className="schedule-targets"
      aria-busy={load.status === "loading"}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>Publish To</legend>
      {load.status === "failed" && <small>Your WordPress sites could not be loaded.</small>}
      {load.status === "ready" && load.data.length === 0 && (
        <small>
          No WordPress sites connected: a schedule needs a site to publish to.{" "}
          <Link href="/wordpress-sites">Connect a site in WordPress Sites</Link>.
        </small>
      )}
      {load.status === "ready" &&
        load.data.map((site) => (
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
      {error && (
        <small id={errorId} className="schedule-targets-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
