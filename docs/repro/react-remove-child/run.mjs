// node run.mjs : loads index.html from file:// in Chromium for each mode/delay and prints the outcome.
import { chromium } from "@playwright/test";
import path from "node:path";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage();
const url = "file://" + path.resolve(import.meta.dirname, "index.html");
const CASES = process.env.CASES
  ? JSON.parse(process.env.CASES)
  : [
      ["function", 50],
      ["function", 0],
      ["host", 50],
    ];
for (const [mode, delay] of CASES) {
  let fails = 0;
  const N = Number(process.env.N ?? 10);
  let last;
  for (let i = 0; i < N; i++) {
    await page.goto(`${url}?mode=${mode}&delay=${delay}`);
    await page.waitForFunction(() => window.__done, null, { timeout: 10000 });
    last = await page.evaluate(() => window.__done);
    if (last.errors.length) fails++;
    if (process.env.V) console.log(i, JSON.stringify(last));
  }
  console.log(
    `mode=${mode} delay=${delay}: ${fails}/${N} failed; last errors=${JSON.stringify(last.errors)}; html=${last.html.slice(0, 200)}`,
  );
}
await browser.close();
