import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionCaps {
  /** Connections open at once on one listener. */
  readonly total: number;
  /** Connections open at once from one LAN address (loopback and the socket share `total`). */
  readonly perPeer: number;
}

interface Tracked {
  readonly peer: string;
  /** Requests in progress on it (a stream counts until it closes). */
  busy: number;
}

/**
 * Caps a listener's connections without letting idle ones starve working ones: past a cap, the
 * connection idle the longest (connected without a request, or between keep-alive requests) is
 * closed to make room, and only when every connection is working is the newcomer refused. A
 * flood of idle sockets then costs its sender its own oldest sockets, while a client that sends
 * its request at once (an agent, a page) is served.
 */
export function guardConnections(server: Server, caps: ConnectionCaps): void {
  // Insertion order is the order of last activity: the first idle entry is the idlest.
  const open = new Map<Socket, Tracked>();
  const touch = (socket: Socket, entry: Tracked) => {
    open.delete(socket);
    open.set(socket, entry);
  };
  const makeRoom = (newcomer: Socket, within: (entry: Tracked) => boolean, cap: number) => {
    let count = 0;
    for (const entry of open.values()) if (within(entry)) count += 1;
    if (count <= cap) return;
    for (const [socket, entry] of open) {
      if (entry.busy === 0 && within(entry) && socket !== newcomer) {
        socket.destroy();
        open.delete(socket);
        return;
      }
    }
    newcomer.destroy();
    open.delete(newcomer);
  };
  server.on("connection", (socket: Socket) => {
    const peer = socket.remoteAddress ?? "";
    const entry: Tracked = { peer, busy: 0 };
    open.set(socket, entry);
    socket.once("close", () => open.delete(socket));
    if (!isLocal(peer)) makeRoom(socket, (other) => other.peer === peer, caps.perPeer);
    if (!socket.destroyed) makeRoom(socket, () => true, caps.total);
  });
  server.on("request", (request, response) => {
    const socket = request.socket;
    const entry = open.get(socket);
    if (!entry) return;
    entry.busy += 1;
    touch(socket, entry);
    response.once("close", () => {
      entry.busy -= 1;
      if (open.has(socket)) touch(socket, entry);
    });
  });
}

/** The socket listener (no address) and loopback: this machine, one peer as far as caps go. */
function isLocal(peer: string): boolean {
  return peer === "" || peer === "::1" || /^(::ffff:)?127\./u.test(peer);
}
