import type { Server } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from "node:net";

/** The loopback addresses the local servers listen on by default. */
export const LOOPBACK = ["127.0.0.1", "::1"];

/** A port free right now on loopback (for the local services' ports when the runtime's own is 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function listenOn(server: NetServer, port: number, host: string) {
  return new Promise<void>((res, rej) => {
    server.once("error", rej);
    server.listen(port, host, () => {
      server.off("error", rej);
      res();
    });
  });
}

/**
 * Listens on `host`, or by default on loopback only: 127.0.0.1, and ::1 beside it on the same port
 * (a browser may resolve localhost to either) when the machine has IPv6. The ::1 listener hands its
 * connections to the same HTTP server. Returns the extra listeners, to close with the server.
 */
export async function listen(server: Server, port: number, host: string | undefined): Promise<NetServer[]> {
  await listenOn(server, port, host ?? LOOPBACK[0]!);
  if (host) return [];
  const v6 = createNetServer((socket) => server.emit("connection", socket));
  try {
    await listenOn(v6, (server.address() as AddressInfo).port, LOOPBACK[1]!);
    return [v6];
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EADDRNOTAVAIL" || code === "EAFNOSUPPORT") return []; // no IPv6 here
    server.close();
    throw err;
  }
}
