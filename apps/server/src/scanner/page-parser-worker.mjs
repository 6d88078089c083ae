// Worker thread of PageParserPool when the server runs from its TypeScript sources (tests,
// development). A worker does not inherit the TypeScript loader of the thread that started it:
// it registers its own, then loads the worker's body. The build bundles page-parser-thread.ts
// under this same name, so the compiled server starts its workers with plain node.
import { register } from "tsx/esm/api";

register();
await import("./page-parser-thread.ts");
