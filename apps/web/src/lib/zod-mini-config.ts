// The web build's "zod/mini" (see zod-config.ts for why: no eval under our Content-Security-Policy).
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4/mini";
