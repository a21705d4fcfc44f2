import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { throttle } from "./throttle";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("runs the first call at once, then at most once per interval with the latest argument", () => {
  const run = vi.fn();
  const throttled = throttle(run, 100);
  throttled(1);
  expect(run.mock.calls).toEqual([[1]]);
  throttled(2);
  throttled(3);
  expect(run).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(100);
  expect(run.mock.calls).toEqual([[1], [3]]);
  vi.advanceTimersByTime(150);
  throttled(4);
  expect(run.mock.calls).toEqual([[1], [3], [4]]);
});

it("drops a waiting run on cancel", () => {
  const run = vi.fn();
  const throttled = throttle(run, 100);
  throttled(1);
  throttled(2);
  throttled.cancel();
  vi.advanceTimersByTime(500);
  expect(run.mock.calls).toEqual([[1]]);
});
