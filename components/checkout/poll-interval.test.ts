import { describe, expect, it } from "vitest";
import { pollInterval } from "./poll-interval";

describe("status poll cadence", () => {
  it("stays at or under 1.5 s while healthy, so paid shows within 2 s", () => {
    expect(pollInterval(0, 0)).toBe(1_000);
    expect(pollInterval(179_000, 0)).toBe(1_000);
    expect(pollInterval(3_600_000, 0)).toBe(1_500);
  });
  it("backs off exponentially on failures, capped at 30 s", () => {
    expect(pollInterval(0, 1)).toBe(2_000);
    expect(pollInterval(0, 3)).toBe(8_000);
    expect(pollInterval(0, 10)).toBe(30_000);
    expect(pollInterval(3_600_000, 2)).toBe(6_000);
  });
});
