// The web build's "zod": vite.config.ts resolves every `import … from "zod"` (the contracts'
// schemas included) to this module, so the setting below is made before any schema is built,
// whichever chunk the schema ends up in.
import { config } from "zod/v4/core";

// Our Content-Security-Policy forbids eval: tell zod not to try it. Zod decides when it builds an
// object schema (its JIT probes `new Function`, which the browser reports as a policy violation).
config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
