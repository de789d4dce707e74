import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOGOS } from "./banks";

describe("LOGOS: the checkout's list of its own logos", () => {
  it("names exactly the SVGs in public/logos", () => {
    const files = fs.readdirSync(path.join(process.cwd(), "public/logos")).filter((f) => f.endsWith(".svg"));
    expect([...LOGOS].sort()).toEqual(files.map((f) => f.replace(/\.svg$/, "")).sort());
  });
});
