import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that holds the arrows (eslint.config.mjs): a wrong-way import must fail `npm run lint`,
 * a right-way one must not. Each case lints one line as if it stood in the named file.
 */
const cases: { file: string; source: string; allowed: boolean }[] = [
  { file: "components/checkout/x.tsx", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  {
    file: "components/checkout/x.tsx",
    source: 'import { findIntent } from "@/lib/gateway/cards/intents";',
    allowed: false,
  },
  {
    file: "components/checkout/x.tsx",
    source: 'import { previewSignIn } from "@/app/pay/[paymentLinkId]/preview/actions";',
    allowed: false,
  },
  // Server code stays out of the islands' bundle (lib/server-only.ts, docs/checkout.md).
  {
    file: "components/checkout/x.tsx",
    source: 'import { authorizedLink } from "@/lib/checkout/request-link";',
    allowed: false,
  },
  // The payer's page (Pages Router) is the Next side like app/: it may not reach into the gateway.
  { file: "pages/pay/x.tsx", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  {
    file: "pages/pay/x.tsx",
    source: 'import { loadCheckoutScreen } from "@/lib/checkout/screen-data";',
    allowed: true,
  },
  // The checkout's screen renders synchronously from props (lib/checkout/screen-data.ts loads them).
  {
    file: "components/checkout/x.tsx",
    source: 'import { getTranslations } from "next-intl/server";',
    allowed: false,
  },
  {
    file: "components/checkout/x.tsx",
    source: 'import { sentPush } from "@/lib/checkout/wallet-push";',
    allowed: false,
  },
  { file: "app/pay/[paymentLinkId]/x.ts", source: 'import { createApiApp } from "@/lib/api/app";', allowed: false },
  {
    file: "lib/checkout/x.ts",
    source: 'import { CheckoutScreen } from "@/components/checkout/checkout-screen";',
    allowed: false,
  },
  { file: "lib/gateway/x.ts", source: 'import { GatewayClient } from "@/lib/clients/gateway-client";', allowed: false },
  { file: "lib/gateway/x.ts", source: 'import { Hono } from "hono";', allowed: false },
  { file: "lib/db/x.ts", source: 'import { findIntent } from "@/lib/gateway/cards/intents";', allowed: false },
  { file: "lib/contract/x.ts", source: 'import { hmacSign } from "@/lib/snap/signing";', allowed: false },
  { file: "lib/clients/x.ts", source: 'import { authorizedLink } from "@/lib/checkout/links";', allowed: false },
  { file: "proxy.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "lib/gateway/x.ts", source: 'import { logger } from "@/lib/log";', allowed: true },
  { file: "lib/config/x.ts", source: 'import { findIntent } from "@/lib/gateway/cards/intents";', allowed: false },
  { file: "proxy.ts", source: 'import { inquireLink } from "@/lib/connector/gateway";', allowed: true },
  { file: "instrumentation.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "instrumentation.ts", source: 'import { pageLog } from "@/lib/connector/failures";', allowed: true },
  { file: "components/checkout/x.tsx", source: 'import { viewOf } from "@/lib/checkout/view-model";', allowed: true },
  { file: "lib/checkout/x.ts", source: 'import { GatewayClient } from "@/lib/clients/gateway-client";', allowed: true },
  { file: "lib/api/x.ts", source: 'import { findIntent } from "@/lib/gateway/cards/intents";', allowed: true },
  { file: "lib/gateway/x.ts", source: 'import { parseMoney } from "@/lib/contract/money";', allowed: true },
  // The schema types its money columns with the branded Minor (docs/money.md).
  { file: "lib/db/x.ts", source: 'import type { Minor } from "@/lib/contract/money";', allowed: true },
  { file: "lib/limits/x.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "lib/gateway/x.ts", source: 'import { addressLimiter } from "@/lib/limits/registry";', allowed: false },
  { file: "lib/api/x.ts", source: 'import { addressLimiter } from "@/lib/limits/registry";', allowed: true },
  { file: "lib/server/x.ts", source: 'import { AddressLimiter } from "@/lib/limits/address-limiter";', allowed: true },
  // The checkout and the console reach the gateway through the one connector; it knows neither.
  { file: "lib/console/x.ts", source: 'import { gatewayOverHttp } from "@/lib/connector/gateway";', allowed: true },
  { file: "lib/checkout/x.ts", source: 'import { gatewayOverHttp } from "@/lib/connector/gateway";', allowed: true },
  { file: "lib/console/x.ts", source: 'import { viewOf } from "@/lib/checkout/view-model";', allowed: false },
  { file: "lib/connector/x.ts", source: 'import { viewOf } from "@/lib/checkout/view-model";', allowed: false },
  { file: "lib/connector/x.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "lib/checkout/x.ts", source: 'import { consoleClient } from "@/lib/console/session";', allowed: false },
  // The domain's folders, each only onto those below it (docs/architecture.md).
  {
    file: "lib/gateway/links/x.ts",
    source: 'import { getPartner } from "@/lib/gateway/merchants/partners";',
    allowed: true,
  },
  {
    file: "lib/gateway/merchants/x.ts",
    source: 'import { linkState } from "@/lib/gateway/links/link-state";',
    allowed: false,
  },
  {
    file: "lib/gateway/links/x.ts",
    source: 'import { settleVaPayment } from "@/lib/gateway/settlement/settlement";',
    allowed: false,
  },
  {
    file: "lib/gateway/settlement/x.ts",
    source: 'import { linkState } from "@/lib/gateway/links/link-state";',
    allowed: true,
  },
  { file: "lib/gateway/va/x.ts", source: 'import { findIntent } from "@/lib/gateway/cards/intents";', allowed: false },
  {
    file: "lib/gateway/console/x.ts",
    source: 'import { seedGateway } from "@/lib/gateway/sandbox/seed";',
    allowed: false,
  },
  {
    file: "lib/gateway/sandbox/x.ts",
    source: 'import { linkDetail } from "@/lib/gateway/console/console-links";',
    allowed: true,
  },
  {
    file: "lib/gateway/x.ts",
    source: 'import { getPartner } from "@/lib/gateway/merchants/partners";',
    allowed: false,
  },
  { file: "lib/gateway/cards/x.ts", source: 'import { randomDigits } from "@/lib/gateway/ids";', allowed: true },
  { file: "lib/console/x.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  // E-wallets: a flow folder beside va/, qris/, cards/; the sandbox wallet page sends as the provider.
  {
    file: "lib/gateway/wallets/x.ts",
    source: 'import { markLinkPaid } from "@/lib/gateway/settlement/settlement";',
    allowed: true,
  },
  {
    file: "lib/gateway/wallets/x.ts",
    source: 'import { findIntent } from "@/lib/gateway/cards/intents";',
    allowed: false,
  },
  {
    file: "lib/gateway/settlement/x.ts",
    source: 'import { payWithWallet } from "@/lib/gateway/wallets/attempts";',
    allowed: false,
  },
  {
    file: "lib/gateway/sandbox/x.ts",
    source: 'import { walletStatus } from "@/lib/gateway/wallets/status";',
    allowed: true,
  },
  { file: "lib/api/x.ts", source: 'import { simulateWalletPayment } from "@/lib/clients/simulator";', allowed: true },
];

describe("import direction (npm run lint)", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  it.each(cases)(
    "$file: $source → allowed $allowed",
    async ({ file, source, allowed }) => {
      const [result] = await eslint.lintText(`${source}\nexport const used = [${/{ (\w+) }/.exec(source)?.[1]}];\n`, {
        filePath: file,
      });
      const direction = result!.messages.filter(
        (m) => m.ruleId === "boundaries/dependencies" || m.ruleId === "no-restricted-imports",
      );
      expect(direction.length > 0).toBe(!allowed);
    },
    30_000,
  );
});
