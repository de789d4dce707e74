import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { buildDynamicQris } from "./qris";
import { QUIET_ZONE_MODULES, qrisPng, qrisSvg } from "./render";

const payload = buildDynamicQris({
  merchantName: "TOKO KOPI NUSANTARA",
  merchantCity: "JAKARTA",
  postalCode: "10110",
  nmid: "ID1026123456789",
  merchantPan: "9360001234567890123",
  acquirerDomain: "ID.CO.NUSAPAY.WWW",
  mcc: "5999",
  amountMinor: 24_500_000,
  referenceLabel: "QR20261122ABCDEF",
  terminalLabel: "PAYLINK",
});
const symbolModules = QRCode.create(payload, { errorCorrectionLevel: "M" }).modules.size;

/** Blank modules between each edge and the nearest dark one: [left, top, right, bottom]. */
function svgMargins(svg: string): number[] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const dark = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  // The dark modules are horizontal strokes: M/m move (absolute/relative), h draws `n` modules.
  let x = 0;
  let y = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [, op, a, b] of dark.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === "M") [x, y] = [Number(a), Number(b)];
    else if (op === "m") [x, y] = [x + Number(a), y + Number(b)];
    else {
      const row = Math.floor(y);
      [minX, maxX] = [Math.min(minX, x), Math.max(maxX, x + Number(a))];
      [minY, maxY] = [Math.min(minY, row), Math.max(maxY, row + 1)];
      x += Number(a);
    }
  }
  return [minX, minY, size - maxX, size - maxY];
}

/** The same for a PNG, in modules: blank pixels to the first dark one, over the module's pixel size. */
function pngMargins(png: PNG): number[] {
  const dark = (px: number, py: number) => png.data[(py * png.width + px) * 4]! < 128;
  const firstDark = (horizontal: boolean, from: "start" | "end") => {
    const n = horizontal ? png.width : png.height;
    for (let i = 0; i < n; i++) {
      const line = from === "start" ? i : n - 1 - i;
      for (let j = 0; j < (horizontal ? png.height : png.width); j++)
        if (horizontal ? dark(line, j) : dark(j, line)) return i;
    }
    return n;
  };
  const left = firstDark(true, "start");
  const top = firstDark(false, "start");
  // The top-left finder pattern starts there: its first row is a dark run 7 modules long.
  let run = 0;
  while (dark(left + run, top)) run++;
  const modulePx = run / 7;
  return [left, top, firstDark(true, "end"), firstDark(false, "end")].map((px) => px / modulePx);
}

describe("QR rendering keeps the ISO/IEC 18004 quiet zone", () => {
  it("is 4 modules", () => {
    expect(QUIET_ZONE_MODULES).toBeGreaterThanOrEqual(4);
  });

  it("the checkout's SVG: at least 4 blank modules on every side of the symbol", async () => {
    const svg = await qrisSvg(payload);
    const margins = svgMargins(svg);
    for (const m of margins) expect(m).toBeGreaterThanOrEqual(4);
    // the symbol itself spans the rest: nothing was cropped
    expect(Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]) - margins[0]! - margins[2]!).toBe(symbolModules);
  });

  it("the PNG download: at least 4 blank modules on every side, and a third-party decoder reads the payload back", async () => {
    const png = PNG.sync.read(await qrisPng(payload));
    for (const m of pngMargins(png)) expect(m).toBeGreaterThanOrEqual(3.9); // a scaled module may lose a pixel to rounding
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(payload);
  });
});
