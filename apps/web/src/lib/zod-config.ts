// The web build's "zod": vite.config.ts resolves every `import … from "zod"` (the contracts'
// schemas included) to this module, so zod is set up before any schema is built, whichever chunk
// the schema ends up in.
import "./zod-setup";

export * from "zod/v4";
export { default } from "zod/v4";
