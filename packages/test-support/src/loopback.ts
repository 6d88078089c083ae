import net from "node:net";

/** Starts `server` on a free port of 127.0.0.1 (tests never listen beyond the loopback address). */
export async function listenOnLoopback(server: net.Server): Promise<{ port: number; origin: string }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}` };
}

/** A port of 127.0.0.1 that was free a moment ago, for a process the test starts itself. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const { port } = await listenOnLoopback(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
