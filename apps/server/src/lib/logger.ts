import { pino, type DestinationStream, type Logger } from "pino";
import { currentRequestContext } from "./request-context";

export type { Logger };

/** The process's logger (JSON lines on stdout, or on `destination`). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"], remove: true },
    // Every line written while a request is served names it, whichever module writes it.
    mixin() {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
