// Our Content-Security-Policy forbids eval: tell zod not to try it. Zod decides when it builds an
// object schema (its JIT probes `new Function`, which the browser reports as a policy violation),
// so this runs before any schema exists: zod-config.ts and zod-mini-config.ts import it first.
import { config } from "zod/v4/core";

config({ jitless: true });
