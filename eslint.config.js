// One configuration for the whole tree (decision 0022). `npm test` runs it with no warning allowed.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { serverRenderedPlugin } from "./test/tooling/eslint-server-rendered.js";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "test-results/", "bench/results/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18" } },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    // The server logs through app/utils/log.server.ts, which puts the request id on every line.
    files: ["app/**/*.{ts,tsx}"],
    // The text reader (app/text-reader/) is a Node program of its own, outside the Worker: it prints.
    ignores: ["app/browser/**", "app/utils/log.server.ts", "app/**/*.test.ts", "app/text-reader/**"],
    rules: { "no-console": "error" },
  },
  {
    // Every route renders on the server only unless it sets `hydrate: true`; so do the components.
    files: ["app/root.tsx", "app/routes/**/*.tsx", "app/components/**/*.tsx"],
    plugins: { local: serverRenderedPlugin },
    rules: { "local/server-rendered": "error" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
