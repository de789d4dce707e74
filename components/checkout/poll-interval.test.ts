import { describe, expect, it } from "vitest";
import { pollInterval } from "./poll-interval";

describe("fallback poll cadence", () => {
  it("polls every 10 s while the event stream is down", () => {
    expect(pollInterval(0)).toBe(10_000);
  });
  it("backs off exponentially on failures, capped at 60 s", () => {
    expect(pollInterval(1)).toBe(20_000);
    expect(pollInterval(2)).toBe(40_000);
    expect(pollInterval(10)).toBe(60_000);
  });
});
