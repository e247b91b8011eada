// Loaded with `node --import` before the service entry: Electron's process.parentPort, made of Node's IPC
// channel, so the utility process's entry runs unchanged in plain Node (no Electron binary on this machine).
import { EventEmitter } from 'node:events';

const parentPort = Object.assign(new EventEmitter(), {
  postMessage: (message: unknown) => process.send?.(message),
});
// Like Electron's port: messages that arrive before the entry listens are queued, not lost, and delivered as
// {data, ports} events rather than bare messages.
const queued: unknown[] = [];
const deliver = (data: unknown) => parentPort.emit('message', { data, ports: [] });
process.on('message', (data) => (parentPort.listenerCount('message') > 0 ? deliver(data) : queued.push(data)));
parentPort.on('newListener', (event) => {
  if (event === 'message') setImmediate(() => queued.splice(0).forEach(deliver));
});
Object.defineProperty(process, 'parentPort', { value: parentPort });
