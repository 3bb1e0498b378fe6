import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import { describe, expect, it } from "vitest";
import { guardConnections } from "../../src/remote/connection-guard.ts";

class FakeSocket extends EventEmitter {
  destroyed = false;
  readonly remoteAddress: string;
  constructor(remoteAddress: string) {
    super();
    this.remoteAddress = remoteAddress;
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit("close");
  }
}

/** A listener with the guard on it; `connect` and `request` act as the HTTP layer would. */
function guarded(total: number, perPeer: number) {
  const server = new EventEmitter();
  guardConnections(server as unknown as Server, { total, perPeer });
  return {
    connect(address = "127.0.0.1") {
      const socket = new FakeSocket(address);
      server.emit("connection", socket);
      return socket;
    },
    /** A request in progress on `socket`; the returned function ends it. */
    request(socket: FakeSocket) {
      const response = new EventEmitter();
      server.emit("request", { socket }, response);
      return () => response.emit("close");
    },
  };
}

describe("the connection guard", () => {
  it("past the cap the idlest connection goes, not the newcomer", () => {
    const listener = guarded(3, 2);
    const [a, b, c] = [listener.connect(), listener.connect(), listener.connect()];
    const d = listener.connect();
    expect([a, b, c, d].map((socket) => socket.destroyed)).toEqual([true, false, false, false]);
  });

  it("a connection with a request in progress (a stream) is never evicted; one that finished its request is idle again", () => {
    const listener = guarded(2, 2);
    const streaming = listener.connect();
    listener.request(streaming);
    const finished = listener.connect();
    listener.request(finished)();
    const newcomer = listener.connect();
    expect([streaming.destroyed, finished.destroyed, newcomer.destroyed]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("when every connection is working, the newcomer is refused", () => {
    const listener = guarded(2, 2);
    for (const socket of [listener.connect(), listener.connect()]) listener.request(socket);
    expect(listener.connect().destroyed).toBe(true);
  });

  it("one LAN address is held to its own cap, evicting only its own idle connections", () => {
    const listener = guarded(100, 2);
    const other = listener.connect("192.168.1.7");
    const flood = Array.from({ length: 5 }, () => listener.connect("192.168.1.66"));
    expect(flood.filter((socket) => !socket.destroyed)).toHaveLength(2);
    expect(other.destroyed).toBe(false);
    const local = Array.from({ length: 10 }, () => listener.connect("127.0.0.1"));
    expect(local.every((socket) => !socket.destroyed)).toBe(true);
  });
});
