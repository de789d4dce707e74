// npm run lint: typescript-eslint, React hooks, Next's rules, and the house's import direction.
// The arrows (docs/architecture.md): app/, components/ → lib/checkout → lib/clients → (HTTP) →
// lib/api → lib/gateway → lib/db, with lib/contract (wire schemas, money, ids) beside them for both
// ends. A wrong-way import is an error, so `npm test` fails on it.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import nextPlugin from "@next/eslint-plugin-next";
import boundaries from "eslint-plugin-boundaries";
import prettier from "eslint-config-prettier";
import globals from "globals";

/** What every folder of the domain may use: its top-level files and the layers under the domain. */
const gatewayBelow = ["gateway", "db", "notify", "snap", "qris", "contract", "config", "log", "events"];
const gatewayFolders = [
  "gateway",
  "gateway-requests",
  "gateway-merchants",
  "gateway-methods",
  "gateway-links",
  "gateway-settlement",
  "gateway-va",
  "gateway-qris",
  "gateway-cards",
  "gateway-wallets",
  "gateway-refunds",
  "gateway-console",
  "gateway-sandbox",
];

/** What a flow's folder (va, qris, cards, wallets) and the console's read models may import. */
const flowAllow = ["gateway-settlement", "gateway-links", "gateway-methods", "gateway-merchants", ...gatewayBelow];

/** Every folder with one job, and the folders it may import from. */
const layers = {
  // Next side: pages (the App Router's, and the payer's page under pages/), actions, route
  // handlers, the proxy and next-intl's request config.
  app: {
    pattern: ["app", "i18n", "pages"],
    allow: ["components", "checkout", "console", "connector", "clients", "contract", "i18n-lib", "ui", "config", "log"],
  },
  components: {
    pattern: "components",
    allow: ["components", "checkout", "console", "connector", "contract", "i18n-lib", "ui", "sdk", "qris"],
  },
  checkout: {
    pattern: "lib/checkout",
    allow: ["checkout", "connector", "clients", "contract", "i18n-lib", "qris", "config", "log"],
  },
  console: {
    pattern: "lib/console",
    allow: ["console", "connector", "clients", "contract", "i18n-lib", "ui", "config", "log", "limits"],
  },
  // The pages' one way to the gateway: transport (in-process or HTTP, always bounded), the
  // checkout's credentials, the sandbox acquirer, what a failed call means. The checkout and the
  // console both use it; the server only registers its handler with it.
  connector: { pattern: "lib/connector", allow: ["connector", "clients", "contract", "qris", "config", "log"] },
  // Anyone's code: typed signing clients and the browser SDK.
  clients: { pattern: "lib/clients", allow: ["clients", "contract", "snap"] },
  sdk: { pattern: "lib/sdk", allow: ["sdk", "contract"] },
  // @nusapay/node (docs/sdk.md): the wire's pure modules only; the rule below keeps it off node:crypto.
  "sdk-node": { pattern: "lib/sdk-node", allow: ["sdk-node", "contract", "snap"] },
  // Pure shared modules.
  contract: { pattern: "lib/contract", allow: ["contract"] },
  "i18n-lib": { pattern: "lib/i18n", allow: ["i18n-lib", "contract"] },
  // The design system outside React (class recipes, static HTML documents, the one 404):
  // shared by the pages and the gateway's own HTML pages (docs/design-system.md).
  ui: { pattern: "lib/ui", allow: ["ui"] },
  snap: { pattern: "lib/snap", allow: ["snap", "contract"] },
  qris: { pattern: "lib/qris", allow: ["qris", "contract"] },
  config: { pattern: "lib/config", allow: ["contract"] },
  // The log reads the pure card rules (a card number is found by its check digit).
  log: { pattern: "lib/log", allow: ["contract"] },
  // Per-address limits: pure counting; the server installs one, the API and the console take from it.
  limits: { pattern: "lib/limits", allow: [] },
  // Gateway side.
  server: {
    pattern: "lib/server",
    allow: [
      "server",
      "api",
      "connector",
      ...gatewayFolders,
      "notify",
      "db",
      "snap",
      "contract",
      "i18n-lib",
      "config",
      "log",
      "events",
      "limits",
    ],
  },
  // The API may use the typed clients for one thing: the sandbox wallet page plays the wallet
  // provider and sends its notification through the provider's client, the real signed path.
  api: {
    pattern: "lib/api",
    allow: [
      "api",
      "clients",
      ...gatewayFolders,
      "notify",
      "snap",
      "qris",
      "contract",
      "i18n-lib",
      "ui",
      "config",
      "log",
      "events",
      "limits",
    ],
  },
  // The domain, one folder per flow (docs/architecture.md). A folder imports only those below it:
  // sandbox → console → va, qris, cards, wallets, refunds (peers: none imports another; the console's
  // read models also read refunds) → settlement → links → methods → merchants, requests → the
  // top-level files (context, ids, locks, vault, errors).
  "gateway-sandbox": {
    pattern: "lib/gateway/sandbox",
    allow: [
      "gateway-console",
      "gateway-va",
      "gateway-qris",
      "gateway-cards",
      "gateway-wallets",
      "gateway-refunds",
      "gateway-settlement",
      "gateway-links",
      "gateway-methods",
      "gateway-merchants",
      "gateway-requests",
      ...gatewayBelow,
    ],
  },
  "gateway-console": {
    pattern: "lib/gateway/console",
    allow: ["gateway-refunds", ...flowAllow],
  },
  "gateway-va": {
    pattern: "lib/gateway/va",
    allow: flowAllow,
  },
  "gateway-qris": {
    pattern: "lib/gateway/qris",
    allow: flowAllow,
  },
  "gateway-cards": {
    pattern: "lib/gateway/cards",
    allow: flowAllow,
  },
  "gateway-wallets": {
    pattern: "lib/gateway/wallets",
    allow: flowAllow,
  },
  "gateway-refunds": {
    pattern: "lib/gateway/refunds",
    allow: flowAllow,
  },
  "gateway-settlement": {
    pattern: "lib/gateway/settlement",
    allow: ["gateway-links", "gateway-methods", "gateway-merchants", ...gatewayBelow],
  },
  "gateway-links": { pattern: "lib/gateway/links", allow: ["gateway-methods", "gateway-merchants", ...gatewayBelow] },
  "gateway-methods": { pattern: "lib/gateway/methods", allow: ["gateway-merchants", ...gatewayBelow] },
  "gateway-merchants": { pattern: "lib/gateway/merchants", allow: gatewayBelow },
  "gateway-requests": { pattern: "lib/gateway/requests", allow: gatewayBelow },
  gateway: { pattern: "lib/gateway", allow: gatewayBelow },
  events: { pattern: "lib/events", allow: ["events", "db", "contract", "config", "log"] },
  notify: { pattern: "lib/notify", allow: ["notify", "db", "snap", "contract", "config", "log"] },
  // The schema types its money columns with lib/contract's branded Minor.
  db: { pattern: "lib/db", allow: ["db", "contract", "config", "log"] },
};

const elements = Object.entries(layers).flatMap(([type, { pattern }]) =>
  (Array.isArray(pattern) ? pattern : [pattern]).map((p) => ({ type, pattern: p, partialMatch: false })),
);
const policies = Object.entries(layers).map(([type, { allow }]) => ({
  from: { element: { type } },
  allow: { to: { element: { types: { anyOf: [type, ...allow] } } } },
}));

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "dist/**",
      "node_modules/**",
      ".data/**",
      "next-env.d.ts",
      "playwright-report/**",
      "test-results/**",
      "lib/db/migrations/**",
      "tests/support/openapi-types.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../../*"], message: "Use the @/ alias for imports across folders." }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "pages/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // Bank logos are small local SVGs with fixed width and height: next/image would add its
      // optimizer route and client code for no gain (SVGs are not resized).
      "@next/next/no-img-element": "off",
    },
  },
  {
    // Server components render once per request: Date.now() there is the request's time, not an
    // impurity between renders (the rule cannot tell server from client components).
    files: ["app/**/page.tsx", "app/**/layout.tsx"],
    rules: { "react-hooks/purity": "off" },
  },
  {
    files: ["app/**", "pages/**", "components/**", "lib/**", "proxy.ts", "i18n/**"],
    ignores: ["**/*.test.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/include": ["app/**", "pages/**", "components/**", "lib/**", "proxy.ts", "i18n/**"],
      "import/resolver": { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "disallow", policies }],
    },
  },
  {
    // proxy.ts and instrumentation.ts must stand at the root for Next, outside the folders
    // above: the same arrows by name.
    files: ["proxy.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/lib/db/*",
                "@/lib/gateway/*",
                "@/lib/api/*",
                "@/lib/notify/*",
                "@/lib/server/*",
                "@/components/*",
              ],
              message:
                "The proxy and the instrumentation hook are page-side code: they reach the gateway through lib/connector and lib/clients.",
            },
          ],
        },
      ],
    },
  },
  {
    // The payer's screen is pure and synchronous (lib/checkout/screen-data.ts gathers what it
    // needs from the server beforehand), so any React server renderer can render it, not only
    // the App Router's server components: no async component, nothing server-only.
    files: ["components/checkout/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "next-intl/server",
                "next/headers",
                "server-only",
                "node:*",
                "@/lib/connector/*",
                "@/lib/config",
                "@/lib/config/*",
                "@/lib/server-only",
                "@/lib/checkout/links",
                "@/lib/checkout/request-link",
                "@/lib/checkout/wallet-push-cookie",
                "@/lib/checkout/islands-manifest",
                "@/lib/checkout/live",
                "@/lib/checkout/wallet-push",
                "@/lib/checkout/payer-time-zone",
                "@/lib/checkout/saved-cards",
                "@/lib/checkout/qr-download",
                "@/lib/checkout/session-guard",
                "@/lib/checkout/screen-data",
                "@/lib/qris/render",
                "@/components/method-names",
              ],
              allowTypeImports: true,
              message:
                "The checkout's components render synchronously from props: load server data in lib/checkout/screen-data.ts.",
            },
            { group: ["../../*"], message: "Use the @/ alias for imports across folders." },
          ],
        },
      ],
    },
  },
  {
    // Components, that is: the islands' runtime (components/checkout/islands/) is browser code
    // that fetches and hydrates, and may be async.
    files: ["components/checkout/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportNamedDeclaration > FunctionDeclaration[async=true]",
          message: "No async components in the checkout: pass what it awaited as props (lib/checkout/screen-data.ts).",
        },
      ],
    },
  },
  {
    // The domain runs in a plain Node test: no web framework in it.
    files: [
      "lib/gateway/**",
      "lib/db/**",
      "lib/notify/**",
      "lib/contract/**",
      "lib/snap/**",
      "lib/qris/**",
      "lib/ui/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["next", "next/*", "hono", "hono/*", "@hono/*", "react", "react-dom"],
              message: "The domain and protocol folders stay framework-free.",
            },
            { group: ["../../*"], message: "Use the @/ alias for imports across folders." },
          ],
        },
      ],
    },
  },
  {
    // @nusapay/node runs on WebCrypto alone (Node 20+ and edge runtimes) and ships with no
    // dependencies: of lib/snap only the pure strings to sign, nothing of Node or npm.
    files: ["lib/sdk-node/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(node:|@/lib/snap/(?!strings-to-sign$)|[a-z@][^/]*(/|$)(?<!^@/))",
              message:
                "@nusapay/node is WebCrypto only and dependency-free: no node:*, no npm packages, of lib/snap only strings-to-sign.",
            },
            { group: ["../../*"], message: "Use the @/ alias for imports across folders." },
          ],
        },
      ],
    },
  },
  prettier,
);
