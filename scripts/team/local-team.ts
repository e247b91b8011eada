import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freeLoopbackPort } from '../../tests/helpers/loopback-port.js';
import { spawnServer, type SpawnedServer } from '../../tests/helpers/spawn-server.js';
import { spawnToolServer, type ToolServerProcess } from '../../tests/helpers/tool-server-process.js';
import { until } from '../../tests/helpers/wait-until.js';
import { startThrowawayCluster, type ThrowawayCluster } from '../postgres/throwaway-cluster.js';

/** The proxy configuration a team server runs; its addresses come from the environment. */
export const HAPROXY_CONFIG = resolve('deploy/haproxy/haproxy.cfg');
/** The configuration names three replicas. */
const REPLICAS = 3;

export interface LocalTeamOptions {
  /** Settings every replica gets on top of the team's own (EMBEDDINGS_PROVIDER, SCHEDULER_ENABLED, ...). */
  env?: Record<string, string>;
  /** Start a tool server beside each replica, pointed at the proxy (needs MCP_SECRET in env). */
  toolServers?: boolean;
  password?: string;
}

export interface Replica {
  name: string;
  /** Its own data directory: the team's data lives in the database, this holds only what a replica keeps for itself. */
  dataDir: string;
  /** http://127.0.0.1:<port> of the replica itself, bypassing the proxy. */
  url: string;
  running(): boolean;
  /** Starts this checkout's service, or the release in `appDir` (a copy of the application: see releaseWith). */
  start(appDir?: string): Promise<void>;
  /** SIGTERM: the replica finishes its in-flight requests, then exits. */
  stop(): Promise<void>;
  /** SIGKILL: gone at once, as a crashed host is. */
  kill(): Promise<void>;
}

export interface LocalTeam {
  /** The one address salespeople and scripts use. */
  proxyUrl: string;
  /** The MCP tool servers behind the proxy (…/mcp and …/sse). */
  mcpUrl: string;
  databaseUrl: string;
  password: string;
  cluster: ThrowawayCluster;
  replicas: Replica[];
  stop(): Promise<void>;
}

interface ReplicaPorts {
  api: number;
  mcp: number;
}

function stopChild(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill(signal);
  return exited.then(() => undefined);
}

function startReplica(name: string, ports: ReplicaPorts, env: Record<string, string>, tools: Record<string, string> | undefined): Replica {
  const dataDir = mkdtempSync(join(tmpdir(), `ti-team-${name}-`));
  let server: SpawnedServer | undefined;
  let toolServer: ToolServerProcess | undefined;
  const replicaEnv = { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(ports.api), MCP_HTTP_PORT: String(ports.mcp) };
  const halt = async (signal: NodeJS.Signals) => {
    await Promise.all([
      server === undefined ? undefined : stopChild(server.child, server.exited, signal),
      toolServer === undefined ? undefined : stopChild(toolServer.child, toolServer.exited, signal),
    ]);
    server = undefined;
    toolServer = undefined;
  };
  return {
    name,
    dataDir,
    url: `http://127.0.0.1:${ports.api}`,
    running: () => server !== undefined && server.child.exitCode === null && server.child.signalCode === null,
    async start(appDir?: string) {
      server = await spawnServer(replicaEnv, 120_000, process.cwd(), appDir);
      if (tools !== undefined) toolServer = await spawnToolServer({ ...tools, HOST: '127.0.0.1', MCP_HTTP_PORT: String(ports.mcp) });
    },
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
  };
}

/**
 * The next release of this checkout, for an upgrade rehearsal: a folder with a copy of the source and the migrations
 * plus `extraMigrations` (file name to SQL, written into both engines' folders), sharing everything else by links.
 * The caller removes the folder.
 */
export function releaseWith(extraMigrations: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ti-release-'));
  for (const shared of ['node_modules', 'resources', 'out', 'package.json', 'tsconfig.json']) {
    if (existsSync(resolve(shared))) symlinkSync(resolve(shared), join(dir, shared));
  }
  cpSync(resolve('src'), join(dir, 'src'), { recursive: true });
  cpSync(resolve('migrations'), join(dir, 'migrations'), { recursive: true });
  for (const engine of ['sqlite', 'postgres']) {
    for (const [name, text] of Object.entries(extraMigrations)) writeFileSync(join(dir, 'migrations', engine, name), text);
  }
  return dir;
}

function startProxy(env: Record<string, string>): { child: ChildProcess; exited: Promise<unknown>; output(): string } {
  const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  return { child, exited, output: () => text };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * A team server on this machine: a throwaway PostgreSQL cluster, three replicas of the headless service on one
 * database (started together: they migrate and seed it one after the other), and haproxy with the repository's own
 * configuration in front of them. Everything it starts is stopped and removed by stop().
 */
export async function startLocalTeam(options: LocalTeamOptions = {}): Promise<LocalTeam> {
  const password = options.password ?? 'local team password';
  const cluster = await startThrowawayCluster();
  const replicas: Replica[] = [];
  let proxy: ReturnType<typeof startProxy> | undefined;
  const stop = async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    if (proxy !== undefined) await stopChild(proxy.child, proxy.exited, 'SIGTERM');
    cluster.stop();
    for (const r of replicas) rmSync(r.dataDir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query('CREATE DATABASE team');
    await admin.end();
    const databaseUrl = cluster.urlOf('team');
    const [proxyApi, proxyMcp] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const proxyUrl = `http://127.0.0.1:${proxyApi}`;
    const ports: ReplicaPorts[] = [];
    for (let i = 0; i < REPLICAS; i++) ports.push({ api: await freeLoopbackPort(), mcp: await freeLoopbackPort() });
    const env: Record<string, string> = { DATABASE_URL: databaseUrl, DASHBOARD_PASSWORD: password, ...options.env };
    const tools = options.toolServers ? { MCP_SECRET: env.MCP_SECRET ?? '', DASHBOARD_PASSWORD: password, MCP_SERVICE_URL: proxyUrl } : undefined;
    for (const [i, p] of ports.entries()) replicas.push(startReplica(`replica${i + 1}`, p, env, tools));
    await Promise.all(replicas.map((r) => r.start()));
    const proxyEnv: Record<string, string> = { TI_PROXY_API: `127.0.0.1:${proxyApi}`, TI_PROXY_MCP: `127.0.0.1:${proxyMcp}` };
    for (const [i, p] of ports.entries()) {
      proxyEnv[`TI_REPLICA_${i + 1}_API`] = `127.0.0.1:${p.api}`;
      proxyEnv[`TI_REPLICA_${i + 1}_MCP`] = `127.0.0.1:${p.mcp}`;
    }
    proxy = startProxy(proxyEnv);
    const started = proxy;
    await until(() => healthy(proxyUrl), `haproxy answering on ${proxyUrl}:\n${started.output()}`, 30_000);
    return { proxyUrl, mcpUrl: `http://127.0.0.1:${proxyMcp}`, databaseUrl, password, cluster, replicas, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `npm run team:local`: brings a local team up for a demo and tears it down on Ctrl-C. */
async function main(): Promise<void> {
  const team = await startLocalTeam({ env: { SCHEDULER_ENABLED: 'true' }, password: process.env.DASHBOARD_PASSWORD });
  process.stdout.write(
    [
      `Team server (haproxy): ${team.proxyUrl}/dashboard/  (password from DASHBOARD_PASSWORD, or "${team.password}")`,
      ...team.replicas.map((r) => `  ${r.name}: ${r.url}`),
      `PostgreSQL: ${team.databaseUrl}`,
      'Ctrl-C stops the replicas, the proxy and the cluster.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await team.stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
