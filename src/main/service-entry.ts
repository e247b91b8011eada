// Entry of the service's utility process (out/main/service-entry.js, forked by utility-service-host.ts). It
// must not import electron: a utility process has only process.parentPort.
import { serveOverParentPort } from './service-port-runner.js';

serveOverParentPort(process.parentPort, (code) => process.exit(code));
