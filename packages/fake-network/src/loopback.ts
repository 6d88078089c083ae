import type dgram from "node:dgram";
import net from "node:net";

/**
 * Starts `server` on 127.0.0.1 (port 0: a free one). Nothing of the fake network ever listens
 * beyond the loopback address.
 */
export async function listenOnLoopback(server: net.Server, port = 0): Promise<{ port: number; origin: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as net.AddressInfo).port;
  return { port: bound, origin: `http://127.0.0.1:${bound}` };
}

/** Binds a UDP socket to 127.0.0.1 (port 0: a free one); returns its port. */
export async function bindOnLoopback(socket: dgram.Socket, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => {
      socket.off("error", reject);
      resolve();
    });
  });
  return socket.address().port;
}

/** A port of 127.0.0.1 that was free a moment ago, for a process started by the caller. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const { port } = await listenOnLoopback(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Keeps the server's open sockets and returns a close() that destroys them first: keep-alive
 * sockets, and sites that never answer, would otherwise hold the port open after close().
 */
export function closeWithSockets(server: net.Server): () => Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
