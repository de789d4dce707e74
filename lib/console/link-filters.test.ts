import { describe, expect, it } from "vitest";
import { linkFilters } from "./link-filters";

describe("linkFilters", () => {
  it("keeps real days as Jakarta day bounds", () => {
    const f = linkFilters({ from: "2024-02-29", to: "2024-03-01", status: "02", q: "batik" });
    expect(f.query).toMatchObject({
      status: "02",
      q: "batik",
      createdFrom: "2024-02-28T17:00:00.000Z",
      createdTo: "2024-03-01T17:00:00.000Z",
    });
  });

  it("drops a day that does not exist instead of failing the page or the export", () => {
    for (const day of ["2024-13-01", "2023-02-29", "2024-00-10", "2024-04-31", "9999-99-99"]) {
      const f = linkFilters({ from: day, to: day });
      expect(f.from, day).toBe("");
      expect(f.query.createdFrom, day).toBeUndefined();
      expect(f.query.createdTo, day).toBeUndefined();
    }
  });
});
