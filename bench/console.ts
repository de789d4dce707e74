/**
 * The merchant console under load (issue 11): a links page of a merchant with 10,000 links
 * (p50/p99 of the /v1 route the page calls, and of the page itself), and creating a link
 * through the console's route versus SNAP Create, in the same run.
 */
import { ConsoleClient } from "@/lib/clients/console-client";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import type { CreateLinkRequest } from "@/lib/contract/console";

type Login = { merchant: string; email: string; password: string };

const body = (i: number): CreateLinkRequest => ({
  additionalInfo: {
    invoiceTitle: `Bench ${i}`,
    invoiceSubTitle: "",
    itemDetails: [{ name: "Kain", price: "125000.00", quantity: 1 + (i % 3) }],
    customFees: i % 5 === 0 ? [{ text: "Diskon", value: "-5000.00" }] : [],
    customerDetail: {
      firstName: `Buyer${i}`,
      lastName: "Bench",
      email: `buyer${i}@bench.example`,
      phoneNumber: "",
      billingAddress: { address: "", city: "", postalCode: "", countryCode: "", province: "" },
    },
  },
});

function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: q(0.5), p99: q(0.99), n: s.length };
}

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function pool<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

export async function benchConsole(opts: {
  baseUrl: string;
  credentials: { merchant: SnapCredentials; console?: Login[] };
  log: (line: string) => void;
  links?: number;
  samples?: number;
}) {
  const { baseUrl, log } = opts;
  const links = opts.links ?? 10_000;
  const samples = opts.samples ?? 200;
  const [a, b] = opts.credentials.console ?? [];
  if (!a || !b) throw new Error("no console logins in the credentials file");
  const anon = new ConsoleClient(baseUrl, null);
  const [sa, sb] = await Promise.all([anon.signIn(a.email, a.password), anon.signIn(b.email, b.password)]);
  const consoleA = new ConsoleClient(baseUrl, { sessionToken: sa.token });
  const consoleB = new ConsoleClient(baseUrl, { sessionToken: sb.token });
  const snapA = new GatewayClient(baseUrl, opts.credentials.merchant);

  // Create, alternating one by one so both paths meet the same load.
  const viaConsole: number[] = [];
  const viaSnap: number[] = [];
  for (let i = 0; i < samples; i++) {
    viaConsole.push(await timed(() => consoleA.createLink(body(i))));
    viaSnap.push(
      await timed(() =>
        snapA.createPaymentLink({ ...body(i), partnerReferenceNo: `BENCH-${Date.now()}-${i}`, trxId: `T${i}` }),
      ),
    );
  }
  const c = quantiles(viaConsole);
  const s = quantiles(viaSnap);
  log(
    `create link: console route p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms · SNAP Create p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (${samples} each, alternating)`,
  );

  log(`seeding ${links} links for the second merchant…`);
  const t0 = performance.now();
  await pool(links, 8, (i) => consoleB.createLink(body(i)));
  log(`  ${(links / ((performance.now() - t0) / 1000)).toFixed(0)} links/s`);

  // Pages as a merchant walks them: first page, filtered pages, a search, deep cursors.
  const first = await consoleB.listLinks({ limit: 100 });
  const cursors = [first.data[10]!.paymentLinkId, first.data[99]!.paymentLinkId];
  let page = first;
  for (let i = 0; i < 40 && page.hasMore; i++) {
    page = await consoleB.listLinks({ limit: 100, startingAfter: page.data.at(-1)!.paymentLinkId });
    if (i % 10 === 9) cursors.push(page.data.at(-1)!.paymentLinkId);
  }
  const queries = [
    {},
    { status: "02" as const },
    { q: "buyer77" },
    { q: "bench.example" },
    ...cursors.map((startingAfter) => ({ startingAfter })),
  ];
  const api: number[] = [];
  for (let i = 0; i < samples; i++)
    api.push(await timed(() => consoleB.listLinks({ limit: 25, ...queries[i % queries.length]! })));
  const l = quantiles(api);
  log(
    `links page of ${links} links, GET /v1/payment-links (limit 25; status, search, deep cursors): p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms`,
  );

  const cookie = `nusapay_console=${sb.token}`;
  const html: number[] = [];
  for (let i = 0; i < Math.min(samples, 100); i++) {
    const q = queries[i % queries.length]!;
    const qs = new URLSearchParams(
      Object.entries({
        status: "status" in q ? q.status : "",
        q: "q" in q ? q.q : "",
        after: "startingAfter" in q ? q.startingAfter : "",
      }).filter(([, v]) => v) as [string, string][],
    );
    html.push(
      await timed(async () => {
        const res = await fetch(`${baseUrl}/merchant/links?${qs}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`links page answered ${res.status}`);
        await res.text();
      }),
    );
  }
  const h = quantiles(html);
  log(
    `links page as HTML (/merchant/links, server render incl. session check): p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms`,
  );
  return [
    { section: "console create", rps: 1000 / c.p50, p50: c.p50, p99: c.p99 },
    { section: "SNAP create (same run)", rps: 1000 / s.p50, p50: s.p50, p99: s.p99 },
    { section: `links API (${links} links)`, rps: 1000 / l.p50, p50: l.p50, p99: l.p99 },
    { section: `links page HTML (${links} links)`, rps: 1000 / h.p50, p50: h.p50, p99: h.p99 },
  ];
}
