import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that holds the arrows (eslint.config.mjs): a wrong-way import must fail `npm run lint`,
 * a right-way one must not. Each case lints one line as if it stood in the named file.
 */
const cases: { file: string; source: string; allowed: boolean }[] = [
  { file: "components/checkout/x.tsx", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "components/checkout/x.tsx", source: 'import { findIntent } from "@/lib/gateway/intents";', allowed: false },
  {
    file: "components/checkout/x.tsx",
    source: 'import { chooseMethod } from "@/app/pay/[paymentLinkId]/actions";',
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
  { file: "lib/db/x.ts", source: 'import { findIntent } from "@/lib/gateway/intents";', allowed: false },
  { file: "lib/contract/x.ts", source: 'import { hmacSign } from "@/lib/snap/signing";', allowed: false },
  { file: "lib/clients/x.ts", source: 'import { authorizedLink } from "@/lib/checkout/links";', allowed: false },
  { file: "proxy.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "lib/gateway/x.ts", source: 'import { logger } from "@/lib/log";', allowed: true },
  { file: "lib/config/x.ts", source: 'import { findIntent } from "@/lib/gateway/intents";', allowed: false },
  { file: "proxy.ts", source: 'import { inquireLink } from "@/lib/checkout/gateway";', allowed: true },
  { file: "instrumentation.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "instrumentation.ts", source: 'import { pageLog } from "@/lib/checkout/failures";', allowed: true },
  { file: "components/checkout/x.tsx", source: 'import { viewOf } from "@/lib/checkout/view-model";', allowed: true },
  { file: "lib/checkout/x.ts", source: 'import { GatewayClient } from "@/lib/clients/gateway-client";', allowed: true },
  { file: "lib/api/x.ts", source: 'import { findIntent } from "@/lib/gateway/intents";', allowed: true },
  { file: "lib/gateway/x.ts", source: 'import { parseMoney } from "@/lib/contract/money";', allowed: true },
  // The schema types its money columns with the branded Minor (docs/money.md).
  { file: "lib/db/x.ts", source: 'import type { Minor } from "@/lib/contract/money";', allowed: true },
  { file: "lib/limits/x.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
  { file: "lib/gateway/x.ts", source: 'import { addressLimiter } from "@/lib/limits/registry";', allowed: false },
  { file: "lib/api/x.ts", source: 'import { addressLimiter } from "@/lib/limits/registry";', allowed: true },
  { file: "lib/server/x.ts", source: 'import { AddressLimiter } from "@/lib/limits/address-limiter";', allowed: true },
  // The console reaches the gateway through the checkout's bounded transport; never the other way.
  { file: "lib/console/x.ts", source: 'import { gatewayOverHttp } from "@/lib/checkout/gateway";', allowed: true },
  { file: "lib/checkout/x.ts", source: 'import { consoleClient } from "@/lib/console/session";', allowed: false },
  { file: "lib/console/x.ts", source: 'import { openDatabase } from "@/lib/db/client";', allowed: false },
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
