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

/** Every folder with one job, and the folders it may import from. */
const layers = {
  // Next side: pages, actions, route handlers, the proxy and next-intl's request config.
  app: {
    pattern: ["app", "i18n"],
    allow: ["components", "checkout", "console", "clients", "contract", "i18n-lib", "ui", "config", "log"],
  },
  components: {
    pattern: "components",
    allow: ["components", "checkout", "console", "contract", "i18n-lib", "ui", "sdk", "qris"],
  },
  checkout: {
    pattern: "lib/checkout",
    allow: ["checkout", "clients", "contract", "i18n-lib", "qris", "config", "log"],
  },
  console: {
    pattern: "lib/console",
    allow: ["console", "checkout", "clients", "contract", "i18n-lib", "ui", "config", "log", "limits"],
  },
  // Anyone's code: typed signing clients and the browser SDK.
  clients: { pattern: "lib/clients", allow: ["clients", "contract", "snap"] },
  sdk: { pattern: "lib/sdk", allow: ["sdk", "contract"] },
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
      "gateway",
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
  api: {
    pattern: "lib/api",
    allow: [
      "api",
      "gateway",
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
  gateway: {
    pattern: "lib/gateway",
    allow: ["gateway", "db", "notify", "snap", "qris", "contract", "config", "log", "events"],
  },
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
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
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
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "i18n/**"],
    ignores: ["**/*.test.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/include": ["app/**", "components/**", "lib/**", "proxy.ts", "i18n/**"],
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
                "The proxy and the instrumentation hook are page-side code: they reach the gateway through lib/checkout and lib/clients.",
            },
          ],
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
  prettier,
);
