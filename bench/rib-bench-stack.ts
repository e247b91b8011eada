import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { findAppRoot } from '../src/service/app-paths.js';
import { createRisClient, type RisClient } from '../src/service/features/rib/ris.client.js';
import { createService, loadConfig } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import { benchSignIn, inProcessBenchEnv } from './bench-service-env.js';

export interface RisDaemon {
  address: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The RIS test server in a child process, so the stand-in daemon's CPU and memory stay out of the gateway's numbers.
 * syntheticDump: DumpRIB of IPv4 streams that many generated routes; fullTable: the IPv4 table holds that many /24s
 * and their aggregates; fullTable6: the IPv6 table holds that many /48s and their aggregates.
 */
export async function startRisDaemon(appRoot: string, options: { syntheticDump?: number; fullTable?: number; fullTable6?: number }): Promise<RisDaemon> {
  const script = join(appRoot, 'tests/fixtures/ris-server/ris-server.main.ts');
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=8192',
      '--import',
      'tsx',
      script,
      String(options.syntheticDump ?? 0),
      String(options.fullTable ?? 0),
      String(options.fullTable6 ?? 0),
    ],
    {
      cwd: appRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const address = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /RIS_ADDRESS=(\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`RIS test server exited with ${code}`)));
  });
  return {
    address,
    child,
    async stop() {
      child.stdin?.end();
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    },
  };
}

export interface RibBenchStack {
  daemon: RisDaemon;
  /** Base URL of the gateway's HTTP API. */
  url: string;
  /** Bearer token header of a signed-in client. */
  headers: Record<string, string>;
  /** A bare gRPC client of the same daemon: the baseline. */
  bare: RisClient;
  close(): Promise<void>;
}

/** The stand-in daemon, the service in this process pointed at it (signed in), and a bare client for the baseline. */
export async function startRibBenchStack(
  daemonOptions: { syntheticDump?: number; fullTable?: number; fullTable6?: number },
  timeoutMs: number,
): Promise<RibBenchStack> {
  const appRoot = findAppRoot();
  const daemon = await startRisDaemon(appRoot, daemonOptions);
  const { dataDir, env } = inProcessBenchEnv('rib', {
    SEED_ON_START: 'false',
    EMBEDDINGS_PROVIDER: 'hash',
    RIS_ADDRESS: daemon.address,
    RIS_TIMEOUT_MS: String(timeoutMs),
  });
  const config = loadConfig(env);
  const service = await createService(config, { logger: createLogger('silent') });
  const bare = createRisClient({ appRoot, address: daemon.address, keepaliveMs: 10_000, reconnectMaxMs: 1000 });
  const close = async () => {
    bare.close();
    await service.stop();
    await daemon.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { url } = await service.start();
    return { daemon, url, headers: await benchSignIn(url), bare, close };
  } catch (error) {
    await close();
    throw error;
  }
}
