import WebSocket from 'ws';
import { expect, vi } from 'vitest';

export interface WsMessage {
  type: 'status' | 'add' | 'withdraw' | 'end_of_rib' | 'error';
  field?: 'router' | 'vrf';
  message?: string;
  afi: 'ipv4' | 'ipv6';
  available?: boolean;
  reason?: string | null;
  initial_dump?: boolean;
  route?: { pfx: string; paths: Array<{ bgp_path: { as_path: Array<{ asns: number[] }> } | null }> };
}

/** A WebSocket client that records every message, so tests can wait for the one they expect. */
export interface WsProbe {
  messages: WsMessage[];
  /** Waits until a message after position `from` satisfies the predicate; returns its index. */
  waitFor(predicate: (m: WsMessage) => boolean, from?: number): Promise<number>;
  /** Resolves with the close code and reason once the server (or close()) ends the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export async function openWs(url: string, headers: Record<string, string> = {}): Promise<WsProbe> {
  const socket = new WebSocket(url, { headers });
  const messages: WsMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as WsMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
  return {
    messages,
    closed,
    async waitFor(predicate, from = 0) {
      let index = -1;
      await vi.waitFor(
        () => {
          index = messages.findIndex((m, i) => i >= from && predicate(m));
          expect(index).toBeGreaterThanOrEqual(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      return index;
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}

/** The streams a test opens on a gateway's /ws/rib, signed in with its token, and closes together after each test. */
export function ribStreams(gateway: () => { url: string; token: string }) {
  const open: WsProbe[] = [];
  return {
    async connect(query = 'afi=ipv4'): Promise<WsProbe> {
      const { url, token } = gateway();
      const probe = await openWs(`${url.replace('http', 'ws')}/ws/rib?${query}`, { authorization: `Bearer ${token}` });
      open.push(probe);
      return probe;
    },
    async closeAll(): Promise<void> {
      for (const probe of open.splice(0)) await probe.close();
    },
  };
}
