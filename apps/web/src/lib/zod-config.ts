import { z } from "zod";

// Our Content-Security-Policy forbids eval: tell zod not to try it (its JIT probes `new Function`,
// which the browser reports as a policy violation). Import this module before any schema is built.
z.config({ jitless: true });
