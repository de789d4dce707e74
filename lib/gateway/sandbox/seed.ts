import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { StartupRefusal, type Config } from "@/lib/config";
import type { Executor } from "@/lib/db/client";
import { consoleUsers, gatewayMeta, partners } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import { formatJakarta } from "@/lib/contract/time";
import { seedCatalogue } from "@/lib/gateway/methods/catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import { choosePaymentMethod, createPaymentLink, type LinkView } from "@/lib/gateway/links/payment-links";
import { createPartner, getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { SANDBOX_CHANNEL_ID } from "@/lib/gateway/merchants/provisioning";
import { generateRsaKeyPair } from "@/lib/gateway/vault";
import { putMetaOnce, readMeta } from "@/lib/gateway/merchants/keyring";
import { paymentLinkUri } from "@/lib/gateway/links/uris";
import { applyQrNotification, settleVaPayment } from "@/lib/gateway/settlement/settlement";
import { qrNotification, vaNotification } from "@/lib/snap/notifications";
import { asMinor, formatMoney } from "@/lib/contract/money";
import { insertConsoleUser, prepareConsoleUser } from "@/lib/gateway/merchants/console-users";

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
  /** Console logins (docs/contract.md §5.1); the first is `merchant`'s. */
  console?: ConsoleLogin[];
}

export interface ConsoleLogin {
  merchant: string;
  email: string;
  password: string;
  /**
   * The merchant's /v1 secret key, so the two demo merchants can be tried against each other
   * from outside (docs/contract.md §10: another merchant's customer or card answers 404).
   * Written by a fresh sandbox; a file from before it lacks it.
   */
  secretKey?: string;
}

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, "sandbox-credentials.json");
}

/** The hosted checkout's own client: read by the Next side of this process, never sent to payers. */
export function checkoutClientPath(dataDir: string): string {
  return path.join(dataDir, "checkout-client.json");
}

type CheckoutClient = PartnerCredentials & { secretKey: string };

/**
 * First start on a database: the seed of the mode, once (the first instance to take the lock
 * writes it, the others find it). A database seeded in the other mode is refused: production
 * on a sandbox database would trust an acquirer whose private key sits in a file, sandbox on
 * a production database would pay real merchants' links with test cards. Then every
 * instance writes the hosted checkout's credentials, kept sealed in the database, into its
 * own DATA_DIR for the Next side. Returns the sandbox credentials when this call seeded.
 */
export async function seedGateway(ctx: GatewayContext): Promise<SandboxCredentials | null> {
  const fresh = ctx.config.mode === "production" ? await seedProduction(ctx) : await seedSandbox(ctx);
  await syncCheckoutClient(ctx);
  return fresh;
}

/**
 * A database seeded in the other mode is refused, by the server and by `npm run partners`:
 * production on a sandbox database would trust an acquirer whose private key sits in a file;
 * the sandbox on a production database would pay real links with test cards, and would give
 * a merchant provisioned there an `sk_test_` key that works against production.
 */
export function refuseOtherMode(seeded: string | null, mode: Config["mode"]): void {
  if (!seeded || seeded === mode) return;
  throw seeded === "sandbox"
    ? new StartupRefusal(
        "GATEWAY_MODE",
        "production refuses this database: it holds the sandbox seed (demo merchant, and an acquirer whose private key is in sandbox-credentials.json); give production its own DATA_DIR / DATABASE_URL",
      )
    : new StartupRefusal(
        "GATEWAY_MODE",
        "this database was set up in production mode; the sandbox (test cards, simulator) must not run on it",
      );
}

/** In the seed's transaction: lock, and tell whether (and in which mode) the database was seeded. */
async function claimSeed(ctx: GatewayContext, tx: Executor): Promise<boolean> {
  // Two instances starting on one empty PostgreSQL: the second waits here, then sees the row.
  await tx.execute(sql`lock table ${gatewayMeta} in exclusive mode`);
  const seeded = await readMeta(tx, "seed");
  refuseOtherMode(seeded, ctx.config.mode);
  if (seeded) return false;
  await tx.insert(gatewayMeta).values({ name: "seed", value: ctx.config.mode });
  return true;
}

/** The hosted checkout's own client: created with the seed, kept sealed in the database. */
async function createCheckoutClient(ctx: GatewayContext, tx: Executor, secretPrefix: string): Promise<CheckoutClient> {
  const keys = generateRsaKeyPair();
  const secretKey = `${secretPrefix}${randomBytes(24).toString("base64url")}`;
  const checkout = await createPartner(ctx, tx, {
    kind: "checkout",
    name: "Hosted Checkout",
    publicKeyPem: keys.publicKeyPem,
    channelId: SANDBOX_CHANNEL_ID,
    secretKey,
  });
  const client: CheckoutClient = {
    partnerId: checkout.id,
    clientKey: checkout.clientKey,
    clientSecret: checkout.clientSecret,
    channelId: SANDBOX_CHANNEL_ID,
    privateKeyPem: keys.privateKeyPem,
    secretKey,
  };
  await tx.insert(gatewayMeta).values({ name: "checkout-client", value: ctx.vault.encrypt(JSON.stringify(client)) });
  return client;
}

/**
 * `$DATA_DIR/checkout-client.json` as the database has it (written when it differs). A
 * database from before the keyring has only the file: it is sealed into the database.
 */
async function syncCheckoutClient(ctx: GatewayContext): Promise<void> {
  const file = checkoutClientPath(ctx.config.dataDir);
  // CHECKOUT_CREDENTIALS_FILE elsewhere is the operator's (a mounted secret): not ours to write.
  if (path.resolve(ctx.config.checkoutCredentialsFile) !== path.resolve(file)) return;
  let sealed = await readMeta(ctx.db, "checkout-client");
  if (sealed === null) {
    if (!fs.existsSync(file)) {
      ctx.log.warn(
        { file },
        "no hosted-checkout credentials in the database or the data dir: the checkout pages cannot reach the gateway",
      );
      return;
    }
    sealed = await putMetaOnce(ctx.db, "checkout-client", ctx.vault.encrypt(fs.readFileSync(file, "utf8")));
  }
  const client = JSON.parse(ctx.vault.decrypt(sealed)) as CheckoutClient;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  if (current === null || JSON.stringify(JSON.parse(current)) !== JSON.stringify(client))
    writePrivateJson(file, client);
}

/** Production: the method catalogue and the hosted checkout's client; partners come from `npm run partners`. */
async function seedProduction(ctx: GatewayContext): Promise<null> {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await claimSeed(ctx, tx))) return;
    await seedCatalogue(tx);
    await createCheckoutClient(ctx, tx, "sk_live_");
  });
  return null;
}

/**
 * Sandbox, on a fresh database: the demo merchant, the acquirer (simulated bank + QRIS
 * switch), the hosted-checkout client, the method catalogue and a few demo links, all in
 * one transaction; the credentials file is written only after it commits. Returns null
 * when the database was already seeded.
 */
async function seedSandbox(ctx: GatewayContext): Promise<SandboxCredentials | null> {
  const merchantKeys = generateRsaKeyPair();
  const acquirerKeys = generateRsaKeyPair();
  const secretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
  const callbackBaseUrl = ctx.config.sandboxCallbackBaseUrl ?? null;

  const result = await inTransaction(ctx.db, async (tx) => {
    if (!(await claimSeed(ctx, tx))) return null;
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
    await createCheckoutClient(ctx, tx, "sk_test_");
    return { merchant, acquirer };
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
  return credentials;
}

async function seedDemoLinks(
  ctx: GatewayContext,
  merchant: Partner,
  acquirer: Partner,
): Promise<{ view: LinkView; state: string }[]> {
  const demo = async (ref: string, title: string, items: [string, number, number][], fees: [string, number][]) =>
    inTransaction(ctx.db, (tx) =>
      createPaymentLink(ctx, tx, merchant, {
        partnerReferenceNo: ref,
        trxId: `TRX-${ref}`,
        currency: "IDR",
        expiresAt: new Date(ctx.now().getTime() + 24 * 3600_000),
        invoice: {
          title,
          subTitle: `Invoice ${ref} · ${formatJakarta(ctx.now()).slice(0, 10)}`,
          items: items.map(([name, priceMinor, quantity]) => ({ name, priceMinor: asMinor(priceMinor), quantity })),
          fees: fees.map(([text, valueMinor]) => ({ text, valueMinor: asMinor(valueMinor) })),
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
  const open = await demo(
    "DEMO-OPEN-001",
    "Coffee beans subscription",
    [
      ["Gayo Arabica 250 g", 12_500_000, 2],
      ["Toraja Kalosi 250 g", 11_000_000, 1],
    ],
    [
      ["Shipping", 1_500_000],
      ["Member discount", -2_000_000],
    ],
  );
  const vaLink = await demo(
    "DEMO-VA-002",
    "Office pantry order",
    [["Kopi Susu 1 L", 8_500_000, 3]],
    [["Service fee", 250_000]],
  );
  const qrLink = await demo(
    "DEMO-QR-003",
    "Table 7",
    [
      ["Es Kopi Gula Aren", 2_800_000, 2],
      ["Roti Bakar", 3_200_000, 1],
    ],
    [],
  );
  const paidLink = await demo(
    "DEMO-PAID-004",
    "Catering deposit",
    [["Nasi kotak (50 pax)", 3_500_000, 50]],
    [["Delivery", 5_000_000]],
  );
  const rejectedLink = await demo(
    "DEMO-REJECTED-005",
    "Roastery workshop ticket",
    [["Workshop seat", 35_000_000, 1]],
    [],
  );
  const choose = (link: LinkView, groupId: string, methodId: string) =>
    inTransaction(ctx.db, (tx) =>
      choosePaymentMethod(ctx, tx, merchant, { paymentLinkId: link.link.id }, { groupId, methodId }),
    );
  const va = await choose(vaLink, "va", "bca");
  const qr = await choose(qrLink, "qr", "qris");
  // Settled through the same code a real notification takes.
  const paidVa = await choose(paidLink, "va", "bni");
  await inTransaction(ctx.db, (tx) =>
    settleVaPayment(
      ctx,
      tx,
      acquirer,
      vaNotification({ virtualAccountNo: paidVa.payment!.contentValue, amount: formatMoney(paidVa.link.totalMinor) }),
    ),
  );
  const rejectedQr = await choose(rejectedLink, "qr", "qris");
  await inTransaction(ctx.db, (tx) =>
    applyQrNotification(
      ctx,
      tx,
      acquirer,
      qrNotification({
        referenceNo: rejectedQr.payment!.referenceNo,
        amount: formatMoney(rejectedQr.link.totalMinor),
        status: "06",
      }),
    ),
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
 * seeded before the console gains them too. The second merchant's SNAP keys are not kept; its
 * secret key is (under `console`), and can be rotated from its console.
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
  const secondSecretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
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
      secretKey: secondSecretKey,
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
      { merchant: credentials.merchant.partnerId, ...first.login, secretKey: credentials.merchant.secretKey },
      { merchant: secondMerchant.id, ...second.login, secretKey: secondSecretKey },
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
