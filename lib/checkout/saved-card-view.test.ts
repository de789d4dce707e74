import { describe, expect, it } from "vitest";
import { savedCardView } from "./saved-card-view";

const pm = (expMonth: number, expYear: number) => ({
  id: "pm_5f1c0e9a3b7d42c8a1e6f0b2",
  brand: "visa",
  last4: "1111",
  expMonth,
  expYear,
  createdAt: "2026-11-28T02:00:00.000Z",
});

describe("savedCardView", () => {
  const now = new Date("2026-11-28T02:00:00Z");

  it("keeps only what the card step shows", () => {
    expect(savedCardView(pm(12, 2034), now)).toEqual({
      id: "pm_5f1c0e9a3b7d42c8a1e6f0b2",
      brand: "visa",
      last4: "1111",
      expMonth: 12,
      expYear: 2034,
      expired: false,
    });
  });

  it("marks a card expired after its expiry month, not during it", () => {
    expect(savedCardView(pm(11, 2026), now).expired).toBe(false);
    expect(savedCardView(pm(10, 2026), now).expired).toBe(true);
    expect(savedCardView(pm(12, 2025), now).expired).toBe(true);
  });
});
