/**
 * Where a post lands when it is dropped on a day: moving a scheduled post
 * keeps its time of day (in the browser's time zone); a draft dropped on a
 * day is offered that day at DEFAULT_HOUR, or at the next whole hour when
 * that has passed.
 */
import { addDays, sameDay } from "./calendarDates";

export const DEFAULT_HOUR = 9;

/** `at`'s local time of day on `day`. */
export function sameTimeOn(day: Date, at: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), at.getHours(), at.getMinutes(), at.getSeconds());
}

/** The time offered for a draft dropped on `day`: DEFAULT_HOUR, else the next whole hour today, else tomorrow's DEFAULT_HOUR. */
export function suggestedTimeOn(day: Date, now = new Date()): Date {
  const usual = new Date(day.getFullYear(), day.getMonth(), day.getDate(), DEFAULT_HOUR);
  if (usual > now) return usual;
  if (sameDay(day, now)) {
    const nextHour = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1);
    if (sameDay(nextHour, day)) return nextHour;
  }
  const tomorrow = addDays(now, 1);
  return new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), DEFAULT_HOUR);
}
