import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { messages } from "./pages/checkout-page";
import { startProductionServer, type StartedServer } from "./support/server";

type Login = { merchant: string; email: string; password: string };

/**
 * The console when the gateway's answer to one call never arrives. The console's server reaches
 * the gateway through a proxy here (GATEWAY_BASE_URL) that passes every call on and loses the
 * answer to a key rotation. The rotation is made and its new key is lost with the answer, so
 * the merchant must be told, and the page must show it, before they press again: a second
 * rotation inside the grace period ends the key their systems still use. It also holds, without
 * an answer, a sign-in for one address.
 */
test.describe("console, a gateway call that gets no answer", () => {
  test.describe.configure({ mode: "serial" });
  let server: StartedServer;
  let proxy: http.Server;
  let target = "";
  const held: http.ServerResponse[] = [];
  let holdSession = false;
  const sockets = new Set<net.Socket>();

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    proxy = http.createServer((req, res) => {
      // The rotation reaches the gateway and is made; only its answer is lost.
      const dropAnswer = req.method === "POST" && req.url === "/v1/account/secret-key/rotate";
      if (dropAnswer) held.push(res);
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        // A sign-in for this one address is held without an answer; so is the session, when asked.
        if (
          (req.url === "/v1/console/sessions" && Buffer.concat(chunks).includes("slow@example.test")) ||
          (holdSession && req.url === "/v1/console/session")
        ) {
          held.push(res);
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === "string" && !["host", "connection", "content-length", "transfer-encoding"].includes(k))
            headers[k] = v;
        fetch(`${target}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        })
          .then(async (r) => {
            if (dropAnswer) return;
            const out: Record<string, string> = {};
            r.headers.forEach((v, k) => {
              if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(k)) out[k] = v;
            });
            res.writeHead(r.status, out).end(Buffer.from(await r.arrayBuffer()));
          })
          .catch(() => res.destroy());
      });
    });
    proxy.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const { port } = proxy.address() as net.AddressInfo;
    server = await startProductionServer({ GATEWAY_BASE_URL: `http://127.0.0.1:${port}` });
    target = server.baseUrl;
  });

  test.afterAll(async () => {
    try {
      await server?.stop();
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    }
  });

  test("a rotation whose answer is lost says so, and the page then shows the previous key's grace", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const m = messages("en");
    const who = (
      JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8")) as { console: Login[] }
    ).console[0]!;
    await page.goto(`${server.baseUrl}/merchant?lang=en`);
    await page.getByLabel(m.ConsoleSignIn.email).fill(who.email);
    await page.getByLabel(m.ConsoleSignIn.password).fill(who.password);
    await page.getByRole("button", { name: m.ConsoleSignIn.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: m.ConsoleOverview.title })).toBeVisible({
      timeout: 60_000,
    });
    await page.goto(`${server.baseUrl}/merchant/developers`);
    await expect(page.getByTestId("previous-secretKey")).toHaveCount(0);
    await page.getByRole("button", { name: m.ConsoleDevelopers.rotateSecretKey }).click();
    // The console's own 10 s bound ends the call; the proxy still holds its answer.
    await expect(page.getByText(m.ConsoleDevelopers.rotateNoAnswer)).toBeVisible({ timeout: 40_000 });
    expect(held).toHaveLength(1);
    expect(server.logs()).toContain("gateway call failed");
    held.length = 0;
    // What the message asks the merchant to look for is there after a reload.
    await page.reload();
    await expect(page.getByTestId("previous-secretKey")).toHaveText(
      new RegExp(`^${m.ConsoleDevelopers.previousUntil.split("{at}")[0]!}\\S.*\\d`),
    );
    // Signing out while the gateway does not answer still signs this browser out.
    holdSession = true;
    await page.getByRole("button", { name: m.Console.signOut }).click();
    await expect(page).toHaveURL(/\/merchant\/sign-in/, { timeout: 40_000 });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("nusapay_console");
    holdSession = false;
    held.length = 0;
  });

  test("a sign-in that gets no answer says so", async ({ page }) => {
    test.setTimeout(120_000);
    const m = messages("en").ConsoleSignIn;
    await page.goto(`${server.baseUrl}/merchant/sign-in?lang=en`);
    await page.getByLabel(m.email).fill("slow@example.test");
    await page.getByLabel(m.password).fill("any password at all");
    await page.getByRole("button", { name: m.submit }).click();
    await expect(page.getByText(m.noAnswer)).toBeVisible({ timeout: 40_000 });
    expect(held).toHaveLength(1);
  });
});
