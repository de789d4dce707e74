import { describe, expect, it } from "vitest";
import { flagOf, linkState, transition, TransitionError, type LinkEvent, type LinkState } from "./link-state";

const now = new Date("2026-11-22T10:00:00Z");
const later = new Date("2026-11-22T11:00:00Z");
const earlier = new Date("2026-11-22T09:00:00Z");

describe("link state", () => {
  it("derives expiry from the deadline, but never un-pays a link", () => {
    expect(linkState({ status: "pending", expiresAt: later }, now)).toBe("pending");
    expect(linkState({ status: "pending", expiresAt: earlier }, now)).toBe("expired");
    expect(linkState({ status: "pending", expiresAt: now }, now)).toBe("expired");
    expect(linkState({ status: "rejected", expiresAt: earlier }, now)).toBe("expired");
    expect(linkState({ status: "paid", expiresAt: earlier }, now)).toBe("paid");
  });

  it("maps states to the contract's flag codes", () => {
    expect(["pending", "paid", "rejected", "expired"].map((s) => flagOf(s as LinkState))).toEqual([
      "02",
      "00",
      "01",
      "03",
    ]);
  });

  const table: [LinkState, LinkEvent, string][] = [
    ["pending", "choose_method", "pending"],
    ["rejected", "choose_method", "pending"],
    ["pending", "settle", "paid"],
    ["pending", "reject", "rejected"],
    ["expired", "settle_late", "paid"],
    ["pending", "settle_late", "paid"],
    ["paid", "settle", "error"],
    ["paid", "choose_method", "error"],
    ["paid", "reject", "error"],
    ["expired", "choose_method", "error"],
    ["expired", "settle", "error"],
    ["rejected", "settle", "error"],
    ["rejected", "settle_late", "paid"],
    ["rejected", "reject", "error"],
    ["paid", "settle_late", "error"],
  ];
  it.each(table)("%s --%s--> %s", (from, event, to) => {
    if (to === "error") expect(() => transition(from, event)).toThrow(TransitionError);
    else expect(transition(from, event)).toBe(to);
  });
});
