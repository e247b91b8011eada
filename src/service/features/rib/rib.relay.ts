import type { WebSocket } from 'ws';
import type { RibEvent } from '../../../shared/api/rib/rib-events.schemas.js';
import type { RibGateway } from './rib.gateway.js';
import { observeRib, type RibObserver } from './rib.observer.js';
import { targetParams } from './rib.params.js';
import { renderRoute } from './rib.render.js';
import type { Afi, WsQuery } from '../../../shared/api/rib/rib.schemas.js';

/** Above this many unsent bytes the daemon's stream is paused, and resumed below the low mark: memory stays bounded. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const LOW_WATER_BYTES = 512 * 1024;

/** A WebSocket close reason is limited to 123 bytes of UTF-8. */
function closeReason(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  return bytes.length <= 123
    ? reason
    : `${bytes
        .subarray(0, 120)
        .toString('utf8')
        .replace(/\uFFFD$/, '')}...`;
}

/** Relays ObserveRIB for one WebSocket client: one subscription per address family, closed with the socket. */
export function relayRibEvents(gw: RibGateway, socket: WebSocket, query: WsQuery): void {
  const target = targetParams(query);
  const families: Afi[] = query.afi ? [query.afi] : ['ipv4', 'ipv6'];
  const observers: RibObserver[] = [];
  let paused = false;

  const drained = () => {
    if (paused && socket.bufferedAmount < LOW_WATER_BYTES) {
      paused = false;
      for (const observer of observers) observer.resume();
    }
  };
  const send = (event: RibEvent) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(event), drained);
    if (!paused && socket.bufferedAmount > HIGH_WATER_BYTES) {
      paused = true;
      for (const observer of observers) observer.pause();
    }
  };

  for (const afi of families) {
    observers.push(
      observeRib(
        gw,
        { afi, ...target },
        {
          status: send,
          update(update) {
            if (update.end_of_rib) send({ type: 'end_of_rib', afi });
            else if (update.route) {
              send({ type: update.advertisement ? 'add' : 'withdraw', afi, initial_dump: update.is_initial_dump, route: renderRoute(update.route) });
            }
          },
          // An unknown router or VRF ends the socket with the reason (1008: the request cannot be served as asked).
          fatal(field, message) {
            send({ type: 'error', afi, field, message });
            for (const observer of observers) observer.close();
            if (socket.readyState === socket.OPEN) socket.close(1008, closeReason(message));
          },
        },
      ),
    );
  }
  socket.on('close', () => {
    for (const observer of observers) observer.close();
  });
}
