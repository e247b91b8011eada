import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface RisDaemon {
  address: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The RIS test server in a child process, so the stand-in daemon's CPU and memory stay out of the gateway's numbers.
 * syntheticDump: DumpRIB of IPv4 streams that many generated routes; fullTable: the IPv4 table holds that many /24s
 * and their aggregates, for LPM and GetLonger.
 */
export async function startRisDaemon(appRoot: string, options: { syntheticDump?: number; fullTable?: number }): Promise<RisDaemon> {
  const script = join(appRoot, 'tests/fixtures/ris-server/ris-server.main.ts');
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=8192', '--import', 'tsx', script, String(options.syntheticDump ?? 0), String(options.fullTable ?? 0)],
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
