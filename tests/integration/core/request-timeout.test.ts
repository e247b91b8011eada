import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Trickle {
  sentBodyBytes: number;
  answer: string;
}

/** Sends a login's headers at once, then its body a byte at a time, until the server closes the connection. */
function trickleLogin(url: string, everyMs: number): Promise<Trickle> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    let sentBodyBytes = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write(' ');
          sentBodyBytes += 1;
        }
      }, everyMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sentBodyBytes, answer });
    });
  });
}

describe('a request that arrives too slowly', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { REQUEST_TIMEOUT_MS: '500' } });
  });
  afterAll(async () => t?.close());

  it('is answered 408 and its connection closed once REQUEST_TIMEOUT_MS has passed, for every such client', async () => {
    // A byte every 50 ms would take over an hour for the announced body: the server, not the body's end, closes these.
    const results = await Promise.all([1, 2, 3].map(() => trickleLogin(t.url, 50)));
    for (const { sentBodyBytes, answer } of results) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(sentBodyBytes).toBeLessThan(100_000);
    }
    // The service answers others as before.
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});
