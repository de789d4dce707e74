import QRCode from "qrcode";

/**
 * ISO/IEC 18004 asks for a light margin ("quiet zone") of at least 4 modules around a QR
 * symbol; with less, scanners that look for the finder patterns against a busy page fail
 * more often. Every rendering of a QRIS goes through here so the margin is one number.
 */
export const QUIET_ZONE_MODULES = 4;

const BASE = { errorCorrectionLevel: "M", margin: QUIET_ZONE_MODULES } as const;

/** The checkout's inline SVG: black on white, the quiet zone inside the viewBox. */
export function qrisSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, {
    ...BASE,
    type: "svg",
    color: { dark: "#000000", light: "#ffffff" },
  });
}

/** The PNG download, about `width` pixels square, the quiet zone drawn in white. */
export function qrisPng(payload: string, width = 720): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...BASE, type: "png", width });
}
