// Lint: typescript-eslint's type-checked rules where they find real bugs here. The promise rules
// matter most: a promise nobody awaits or catches is how a bot process dies (see issue 13).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "src/generated/", "dist/", "**/__output__/"] },
  {
    files: ["**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `void promise` is not handling it: every background promise gets a .catch that logs.
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Secrets at the boundary (boardgame.io's playerView): the front ends (the Discord layer and the
    // Activity's server) get table views and their people's seat views (src/table/types.ts TableView), never a game's full state. So it may
    // not name the state, nor the engine functions that take or make one, nor the engine's own
    // events (it hears PublicEvents, with no one's pass in them), nor the domain's live objects.
    files: ["src/discord/**/*.ts", "src/activity/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)game(/index\\.js)?$",
              importNames: [
                "GameState",
                "GameEvent",
                "viewFor",
                "publicView",
                "awaiting",
                "apply",
                "replay",
                "createGame",
                "step",
                "cloneState",
                "playCard",
                "legalMasks",
              ],
              message:
                "The front ends (src/discord, src/activity) read a table through its TableView (record, public view, seat views), never the game's full state.",
            },
            {
              regex: "(^|/)game/(engine|view|legality)\\.js$",
              message: "src/discord reads the game through src/game/index.js and a TableView only.",
            },
            {
              regex: "(^|/)table/(live|registry)\\.js$",
              message: "The live tables (with their full state) stay in src/table: src/discord gets TableViews from the TableService.",
            },
          ],
        },
      ],
    },
  },
  {
    // The test files themselves without type information (half of eslint's time went to them,
    // 25k lines against src's 94k): vitest fails a run on any unhandled rejection and on any
    // expect(...).resolves/rejects not awaited, so the promise rules add little there. What the
    // tests share (the fake Discord, harnesses, child processes), bench/ and scripts/ keep them.
    files: ["test/**/*.test.ts"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests, benchmarks and scripts read Discord's JSON as it comes (the fake's payloads, recorded
    // calls): typing each payload there would add nothing the assertions do not check.
    files: ["test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
