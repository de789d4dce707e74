// Compiles app/checkout.css — the payer's stylesheet, on the one @theme of app/globals.css —
// into public/nusapay.css for the documents that are not React pages: the proxy's static 404
// and the gateway's 3-D Secure and hosted card pages. Same source and same plugin as the Next
// build, so the palettes cannot drift. Runs first in `npm run build` (and `npm run dev`), so the file is
// older than the build and `npm start` does not think the build is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwind from "@tailwindcss/postcss";
import postcss from "postcss";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const from = path.join(root, "app/checkout.css");
const to = path.join(root, "public/nusapay.css");

const { css: code } = await postcss([tailwind({ base: root, optimize: { minify: true } })]).process(
  fs.readFileSync(from, "utf8"),
  { from, to },
);
fs.writeFileSync(to, code);
console.log(`built public/nusapay.css (${(code.length / 1024).toFixed(1)} kB)`);
