import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { partners } from "@/lib/db/schema";
import { formatJakarta } from "@/lib/contract/time";
import { seedCatalogue } from "./catalogue";
import type { GatewayContext } from "./context";
import { choosePaymentMethod, createPaymentLink, type LinkView } from "./payment-links";
import { createPartner, getPartner, type Partner } from "./partners";
import { generateRsaKeyPair } from "./vault";
import { paymentLinkUri } from "./uris";
import { applyQrNotification, settleVaPayment } from "./settlement";
import { qrNotification, vaNotification } from "@/lib/snap/notifications";
import { formatMoney } from "@/lib/contract/money";
import { consoleUsers } from "@/lib/db/schema";
import { insertConsoleUser, prepareConsoleUser } from "./console-users";

export const SANDBOX_CHANNEL_ID = "95221";

export interface PartnerCredentials {
  partnerId: string;
  clientKey: string;
  clientSecret: string;
  channelId: string;
  privateKeyPem: string;
}

export interface SandboxCredentials {
  baseUrl: string;
  gatewayPublicKeyPem: string;
  merchant: PartnerCredentials & { secretKey: string; callbackBaseUrl: string | null };
  acquirer: PartnerCredentials;
  demoLinks: { paymentLinkId: string; paymentLinkUri: string; state: string }[];
  /** Console logins (CONTRACT §5); the first is `merchant`'s. */
  console?: ConsoleLogin[];
}

export interface ConsoleLogin {
  merchant: string;
  email: string;
  password: string;
}

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, "sandbox-credentials.json");
}

/** The hosted checkout's own client: read by the Next side of this process, never sent to payers. */
export function checkoutClientPath(dataDir: string): string {
  return path.join(dataDir, "checkout-client.json");
}

/**
 * On a fresh database: the demo merchant, the acquirer (simulated bank + QRIS switch), the
 * hosted-checkout client, the method catalogue and a few demo links, all in one
 * transaction; the credentials file is written only after it commits. Returns null when
 * the database was already seeded.
 */
export async function seedSandbox(ctx: GatewayContext): Promise<SandboxCredentials | null> {
  const merchantKeys = generateRsaKeyPair();
  const acquirerKeys = generateRsaKeyPair();
  const checkoutKeys = generateRsaKeyPair();
  const secretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
  const checkoutSecretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
  const callbackBaseUrl = ctx.config.sandboxCallbackBaseUrl ?? null;

  const result = await ctx.db.transaction(async (tx) => {
    // Two instances starting on one empty PostgreSQL: the second waits here, then sees rows.
    await tx.execute(sql`lock table ${partners} in exclusive mode`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(partners);
    if (n > 0) return null;
    await seedCatalogue(tx);
    const merchant = await createPartner(ctx, tx, {
      kind: "merchant",
      name: "Toko Kopi Nusantara",
      city: "Jakarta",
      postalCode: "10110",
      publicKeyPem: merchantKeys.publicKeyPem,
      channelId: SANDBOX_CHANNEL_ID,
      secretKey,
      callbackBaseUrl,
    });
    const acquirer = await createPartner(ctx, tx, {
      kind: "acquirer",
      name: "Sandbox Bank & QRIS Switch",
      publicKeyPem: acquirerKeys.publicKeyPem,
      channelId: SANDBOX_CHANNEL_ID,
    });
    const checkout = await createPartner(ctx, tx, {
      kind: "checkout",
      name: "Hosted Checkout",
      publicKeyPem: checkoutKeys.publicKeyPem,
      channelId: SANDBOX_CHANNEL_ID,
      secretKey: checkoutSecretKey,
    });
    return { merchant, acquirer, checkout };
  });
  if (!result) return null;

  const merchant = (await getPartner(ctx, result.merchant.id))!;
  const acquirer = (await getPartner(ctx, result.acquirer.id))!;
  const demoLinks = await seedDemoLinks(ctx, merchant, acquirer);

  const credentials: SandboxCredentials = {
    baseUrl: ctx.config.publicBaseUrl,
    gatewayPublicKeyPem: ctx.vault.gatewayPublicKeyPem,
    merchant: {
      partnerId: result.merchant.id,
      clientKey: result.merchant.clientKey,
      clientSecret: result.merchant.clientSecret,
      channelId: SANDBOX_CHANNEL_ID,
      privateKeyPem: merchantKeys.privateKeyPem,
      secretKey,
      callbackBaseUrl,
    },
    acquirer: {
      partnerId: result.acquirer.id,
      clientKey: result.acquirer.clientKey,
      clientSecret: result.acquirer.clientSecret,
      channelId: SANDBOX_CHANNEL_ID,
      privateKeyPem: acquirerKeys.privateKeyPem,
    },
    demoLinks: demoLinks.map(({ view, state }) => ({
      paymentLinkId: view.link.id,
      paymentLinkUri: paymentLinkUri(ctx, view.link.id),
      state,
    })),
  };
  writePrivateJson(credentialsPath(ctx.config.dataDir), credentials);
  writePrivateJson(checkoutClientPath(ctx.config.dataDir), {
    partnerId: result.checkout.id,
    clientKey: result.checkout.clientKey,
    clientSecret: result.checkout.clientSecret,
    channelId: SANDBOX_CHANNEL_ID,
    privateKeyPem: checkoutKeys.privateKeyPem,
    secretKey: checkoutSecretKey,
  } satisfies PartnerCredentials & { secretKey: string });
  return credentials;
}

async function seedDemoLinks(ctx: GatewayContext, merchant: Partner, acquirer: Partner): Promise<{ view: LinkView; state: string }[]> {
  const demo = async (ref: string, title: string, items: [string, number, number][], fees: [string, number][]) =>
    ctx.db.transaction((tx) =>
      createPaymentLink(ctx, tx, merchant, {
        partnerReferenceNo: ref,
        trxId: `TRX-${ref}`,
        currency: "IDR",
        expiresAt: new Date(ctx.now().getTime() + 24 * 3600_000),
        invoice: {
          title,
          subTitle: `Invoice ${ref} · ${formatJakarta(ctx.now()).slice(0, 10)}`,
          items: items.map(([name, priceMinor, quantity]) => ({ name, priceMinor, quantity })),
          fees: fees.map(([text, valueMinor]) => ({ text, valueMinor })),
          customer: {
            firstName: "Siti",
            lastName: "Rahmawati",
            email: "siti.rahmawati@example.co.id",
            phoneNumber: "+6281234567890",
            billingAddress: {
              address: "Jl. Merdeka Barat No. 12",
              city: "Jakarta Pusat",
              postalCode: "10110",
              countryCode: "ID",
              province: "DKI Jakarta",
            },
          },
        },
        paymentMethods: null,
        callbackBaseUrl: null,
        redirectUrl: "https://merchant.example/thanks",
        language: null,
      }),
    );
  const open = await demo("DEMO-OPEN-001", "Coffee beans subscription", [["Gayo Arabica 250 g", 12_500_000, 2], ["Toraja Kalosi 250 g", 11_000_000, 1]], [["Shipping", 1_500_000], ["Member discount", -2_000_000]]);
  const vaLink = await demo("DEMO-VA-002", "Office pantry order", [["Kopi Susu 1 L", 8_500_000, 3]], [["Service fee", 250_000]]);
  const qrLink = await demo("DEMO-QR-003", "Table 7", [["Es Kopi Gula Aren", 2_800_000, 2], ["Roti Bakar", 3_200_000, 1]], []);
  const paidLink = await demo("DEMO-PAID-004", "Catering deposit", [["Nasi kotak (50 pax)", 3_500_000, 50]], [["Delivery", 5_000_000]]);
  const rejectedLink = await demo("DEMO-REJECTED-005", "Roastery workshop ticket", [["Workshop seat", 35_000_000, 1]], []);
  const choose = (link: LinkView, groupId: string, methodId: string) =>
    ctx.db.transaction((tx) => choosePaymentMethod(ctx, tx, merchant, { paymentLinkId: link.link.id }, { groupId, methodId }));
  const va = await choose(vaLink, "va", "bca");
  const qr = await choose(qrLink, "qr", "qris");
  // Settled through the same code a real notification takes.
  const paidVa = await choose(paidLink, "va", "bni");
  await ctx.db.transaction((tx) =>
    settleVaPayment(ctx, tx, acquirer, vaNotification({ virtualAccountNo: paidVa.payment!.contentValue, amount: formatMoney(paidVa.link.totalMinor) })),
  );
  const rejectedQr = await choose(rejectedLink, "qr", "qris");
  await ctx.db.transaction((tx) =>
    applyQrNotification(ctx, tx, acquirer, qrNotification({ referenceNo: rejectedQr.payment!.referenceNo, amount: formatMoney(rejectedQr.link.totalMinor), status: "06" })),
  );
  return [
    { view: open, state: "no-method" },
    { view: va, state: "method-chosen-va" },
    { view: qr, state: "method-chosen-qr" },
    { view: paidLink, state: "paid" },
    { view: rejectedLink, state: "rejected" },
  ];
}

/**
 * The console's demo: a second merchant (to show that each sees only its own) and one
 * console user per merchant, their logins added to the credentials file under `console`.
 * Runs on every sandbox start and does nothing once console users exist, so a data dir
 * seeded before the console gains them too. The second merchant's SNAP keys are not kept:
 * its secret key can be rotated from its console.
 */
export async function seedConsole(
  ctx: GatewayContext,
  credentials: SandboxCredentials | null,
): Promise<SandboxCredentials | null> {
  if (!credentials || credentials.console || ctx.config.mode !== "sandbox") return credentials;
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(consoleUsers);
  if (n > 0) return credentials;
  const [first, second] = await Promise.all([
    prepareConsoleUser("owner@kopi-nusantara.example"),
    prepareConsoleUser("owner@tenun-bali.example"),
  ]);
  const secondKeys = generateRsaKeyPair();
  const secondMerchant = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${consoleUsers} in exclusive mode`);
    const [{ m } = { m: 0 }] = await tx.select({ m: sql<number>`count(*)::int` }).from(consoleUsers);
    if (m > 0) return null;
    const b = await createPartner(ctx, tx, {
      kind: "merchant",
      name: "Tenun Bali Studio",
      city: "Denpasar",
      publicKeyPem: secondKeys.publicKeyPem,
      channelId: SANDBOX_CHANNEL_ID,
      secretKey: `sk_test_${randomBytes(24).toString("base64url")}`,
    });
    await tx
      .update(partners)
      .set({ timeZone: "Asia/Makassar" })
      .where(sql`${partners.id} = ${b.id}`);
    await insertConsoleUser(tx, credentials.merchant.partnerId, first.row);
    await insertConsoleUser(tx, b.id, second.row);
    return b;
  });
  if (!secondMerchant) return credentials;
  const updated: SandboxCredentials = {
    ...credentials,
    console: [
      { merchant: credentials.merchant.partnerId, ...first.login },
      { merchant: secondMerchant.id, ...second.login },
    ],
  };
  writePrivateJson(credentialsPath(ctx.config.dataDir), updated);
  return updated;
}

function writePrivateJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readCredentials(dataDir: string): SandboxCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(credentialsPath(dataDir), "utf8")) as SandboxCredentials;
  } catch {
    return null;
  }
}
