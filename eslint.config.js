import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

// What the domain (app/domain) must never reach: adapters, faces, wiring, configuration, Remix and Shopify.
// Its needs from the outside are ports (app/domain/ports.ts) that app/wiring/services.server.ts fills at boot.
// Its storage is the stores it declares (app/domain/stores), never app/db or Prisma (STORAGE below); it may
// use app/lib (small building blocks with no outside dependency).
const OUTSIDE_THE_DOMAIN = [
  {
    regex: "^~/(adapters|faces|routes)(/|$)",
    message: "app/domain imports no adapter or face: declare a port in app/domain/ports.ts and wire it in app/wiring/services.server.ts",
  },
  {
    regex: "^~/wiring(/|$)",
    message: "app/domain reads no configuration: take what it needs through a port (app/domain/ports.ts)",
  },
  { regex: "^@remix-run/", message: "app/domain knows no HTTP framework: routes call it" },
  { regex: "^@shopify/", message: "app/domain knows no Shopify library: the Shopify adapter calls it" },
];

// Storage is the stores' (app/db/stores), behind the interfaces the domain declares (app/domain/stores): issue 26.
const STORAGE = [
  { regex: "^@prisma/client$", message: "app/domain knows no Prisma: use or add a store method (app/domain/stores, app/db/stores)" },
  { regex: "^~/db(/|$)", message: "app/domain writes no query: use or add a store method (app/domain/stores, app/db/stores)" },
];
const SQL_TEXT = {
  selector:
    "Literal[value=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\\s/], TemplateElement[value.raw=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\\s/]",
  message: "SQL lives in its store (app/db/stores), never in the domain or a face",
};
// A relative path out of app/domain: write the alias (~/...), so the rules above see where it goes.
const LEAVING = (up) => ({ regex: `^${up}`, message: "Import from outside app/domain with ~/..., never by a relative path" });

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read settings through app/wiring/config.server.ts, the only reader of process.env in app/ and server/",
};

export default tseslint.config(
  // extensions/storefront/assets/ is generated (minified) from extensions/storefront-src/, which is linted.
  {
    ignores: [
      "build/",
      "node_modules/",
      ".cache/",
      "test/output/",
      "test-results/",
      "tmp/",
      "extensions/storefront/assets/",
      "extensions/*/dist/",
      "client/dist/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // No import cycle anywhere in the app and its server.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    plugins: { import: importPlugin },
    settings: {
      // The TypeScript files the rule follows, parsed as TypeScript, with the ~/ alias of tsconfig.json.
      "import/extensions": [".ts", ".tsx", ".js"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { typescript: { project: "tsconfig.json" }, node: true },
    },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    ignores: ["app/wiring/config.server.ts"],
    rules: { "no-restricted-syntax": ["error", PROCESS_ENV] },
  },
  {
    files: ["app/domain/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...OUTSIDE_THE_DOMAIN, ...STORAGE, LEAVING("\\.\\./")] }],
      "no-restricted-syntax": ["error", PROCESS_ENV, SQL_TEXT],
    },
  },
  {
    // Faces authenticate, parse, call the domain and shape the answer: no storage of their own.
    files: ["app/faces/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: STORAGE }],
      "no-restricted-syntax": ["error", PROCESS_ENV, SQL_TEXT],
    },
  },
  {
    // The client package ships on its own with no dependency: it imports only its own files.
    files: ["client/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./)",
              message: "client/src imports only its own files (./x.js): the package has no dependency and nothing outside client/",
            },
          ],
        },
      ],
      // import("…") escapes no-restricted-imports; the package has nothing to load lazily.
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression", message: "client/src loads no module at run time: import its own files statically (./x.js)" },
      ],
    },
  },
  {
    files: ["app/domain/*/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...OUTSIDE_THE_DOMAIN, ...STORAGE, LEAVING("(\\.\\./){2}")] }],
      "no-restricted-syntax": ["error", PROCESS_ENV, SQL_TEXT],
    },
  },
  // Layout is Prettier's (npm run format); no ESLint rule argues with it.
  prettier,
);
