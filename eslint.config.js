// Checks that help people (issue 18): TypeScript's recommended rules, React's hooks rules, and the layers of
// the house (ARCHITECTURE.md): server code never imports the web app (`app/`), `common/` imports neither,
// and a feature never imports a route module. Run by `npm run lint`, part of `npm test`.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const layer = (message, ...groups) => ["error", { patterns: [{ group: groups, message }] }];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "coverage/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { window: "readonly", document: "readonly", navigator: "readonly", console: "readonly", process: "readonly", URL: "readonly" },
    },
    rules: {
      // Unused names fail, except those written to be ignored (`_name`) and rest siblings.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // The DOM and Node globals come from TypeScript's own checking.
      "no-undef": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["server/**/*.{ts,js}"],
    rules: { "no-restricted-imports": layer("Server code never imports the web app (app/): move what both need to server/ or common/.", "**/app/**", "../app/*") },
  },
  {
    // Node runs scripts/ without a bundler: an import names the file as it is on disk (`./app-process.ts`), since
    // `./app-process.js` type-checks (TypeScript maps it to the .ts) but is not found when Node runs the script.
    files: ["scripts/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^\\.{1,2}/.*\\.[cm]?js$", message: "Node runs scripts/ as they are: import the .ts file by its own name." }] }] },
  },
  {
    files: ["common/**/*.ts"],
    rules: { "no-restricted-imports": layer("common/ is shared by the browser and the server: it imports neither app/ nor server/.", "**/app/**", "**/server/**") },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/routes.ts", "app/root.tsx"],
    rules: { "no-restricted-imports": layer("A feature never imports a route module: routes import features.", "**/routes/*", "../routes/*", "./routes/*") },
  },
  {
    // The server build fixes `process.env.NODE_ENV` to "production" for the libraries it bundles (vite.config.ts): our
    // code reads the config's NODE_ENV instead, which a test server sets to "test".
    files: ["server/**/*.{ts,js}", "app/**/*.{ts,tsx}", "common/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name='env'][property.name='NODE_ENV']",
          message: "The server build fixes process.env.NODE_ENV to \"production\": read the config's NODE_ENV (server/config.ts).",
        },
      ],
    },
  },
  {
    // A vitest fixture that needs no other fixture still names its first parameter as a pattern, `({}, ...)`: vitest
    // reads the fixtures a function uses from that pattern, and refuses any other form.
    files: ["tests/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
);
