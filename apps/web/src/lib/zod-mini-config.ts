// The web build's "zod/mini", set up like "zod" (see zod-config.ts).
import "./zod-setup";

export * from "zod/v4/mini";
