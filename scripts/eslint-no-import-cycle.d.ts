import type { ESLint } from "eslint";

/** The local ESLint plugin with the rule `no-import-cycle`. */
declare const plugin: ESLint.Plugin;
export default plugin;
