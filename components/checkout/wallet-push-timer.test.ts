import { describe, expect, it } from "vitest";
import { formatPushRemaining } from "./wallet-push-timer";

describe("formatPushRemaining: the push request's minute as m:ss", () => {
  it.each([
    [60_000, "1:00"],
    [59_001, "1:00"],
    [59_000, "0:59"],
    [9_000, "0:09"],
    [0, "0:00"],
    [-5, "0:00"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatPushRemaining(ms)).toBe(text);
  });
});
