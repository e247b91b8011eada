import pg from 'pg';
import type { Listener } from '../database.js';

/** How long a lost listening connection waits before it connects again (the poll covers the gap). */
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection is handed to other queries between
 * statements, while a listener must stay open. A connection the server drops is opened again after RECONNECT_MS until
 * the listener is stopped; notifications sent meanwhile are lost, which is why every follower also polls.
 */
export async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onError: (error: Error) => void): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'transceiver-intelligence-listener' });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(reconnect, RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  const reconnect = (): void => {
    connect().catch((error: unknown) => {
      onError(error instanceof Error ? error : new Error(String(error)));
      if (!stopped) retry = setTimeout(reconnect, RECONNECT_MS).unref();
    });
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
