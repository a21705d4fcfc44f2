import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useResource } from "./useResource";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useResource", () => {
  it("loads, then shows the data", async () => {
    const { result } = renderHook(() => useResource(() => Promise.resolve(3), []));
    expect(result.current.resource.status).toBe("loading");
    await waitFor(() => expect(result.current.resource).toEqual({ status: "ready", data: 3 }));
  });

  it("shows only the latest key's answer, and stops the earlier request", async () => {
    const answers = new Map([
      ["a", deferred<string>()],
      ["b", deferred<string>()],
    ]);
    const signals: AbortSignal[] = [];
    const { result, rerender } = renderHook(({ key }) =>
      useResource((signal) => {
        signals.push(signal);
        return answers.get(key)!.promise;
      }, [key]), { initialProps: { key: "a" } });
    rerender({ key: "b" });
    expect(signals[0].aborted).toBe(true);
    await act(async () => answers.get("b")!.resolve("B"));
    await act(async () => answers.get("a")!.resolve("A"));
    expect(result.current.resource).toEqual({ status: "ready", data: "B" });
  });

  it("keeps what is shown while the same key loads again; a new key starts empty", async () => {
    let next = deferred<number>();
    const { result, rerender } = renderHook(({ key }) => useResource(() => next.promise, [key]), {
      initialProps: { key: 1 },
    });
    await act(async () => next.resolve(10));
    next = deferred<number>();
    act(() => result.current.reload());
    expect(result.current.resource).toEqual({ status: "loading", data: 10 });
    await act(async () => next.resolve(11));
    expect(result.current.data).toBe(11);
    next = deferred<number>();
    rerender({ key: 2 });
    expect(result.current.resource).toEqual({ status: "loading" });
  });

  it("waits while there is nothing to load, and reports each failure once", async () => {
    const onError = vi.fn();
    const failure = new Error("offline");
    const { result, rerender } = renderHook(
      ({ ready }) => useResource(ready ? () => Promise.reject(failure) : null, [], { onError }),
      { initialProps: { ready: false } },
    );
    expect(result.current.resource.status).toBe("loading");
    rerender({ ready: true });
    await waitFor(() => expect(result.current.resource).toEqual({ status: "failed", error: failure }));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("applies a local change to what is shown", async () => {
    const { result } = renderHook(() => useResource(() => Promise.resolve([1, 2, 3]), []));
    await waitFor(() => expect(result.current.data).toEqual([1, 2, 3]));
    act(() => result.current.setData((items) => items.filter((item) => item !== 2)));
    expect(result.current.data).toEqual([1, 3]);
  });
});
