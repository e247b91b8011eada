import type { Static } from '@sinclair/typebox';
import type { ServiceContext } from '../../context.js';
import { isSharedOnLan, lanDashboardUrls } from '../../../shared/service-url.js';
import { lanAddresses } from '../../lan-addresses.js';
import { listAppliedMigrations } from './system.repository.js';
import type { SystemInfo } from '../../../shared/api/system.schemas.js';

const FAILED = new Set(['failed', 'abandoned']);

/** The port actually listened on (PORT=0 picks one), falling back to the configured one before listen. */
export async function readSystemInfo(ctx: ServiceContext, listeningPort: number | undefined): Promise<Static<typeof SystemInfo>> {
  const { config } = ctx;
  const port = listeningPort ?? config.port;
  return {
    version: config.version,
    data_dir: config.dataDir,
    database: { engine: ctx.db.engine, location: ctx.db.location },
    listen: { host: config.host, port },
    shared_on_lan: isSharedOnLan(config.host),
    lan_urls: lanDashboardUrls(config.host, port, lanAddresses()),
    migrations: await listAppliedMigrations(ctx.db),
    scheduler: {
      enabled: config.schedulerEnabled,
      jobs: (await ctx.scheduler.jobs()).map((job) => ({
        name: job.name,
        running: job.running,
        lastRunAt: job.lastRun?.started_at ?? null,
        lastError: job.lastRun && FAILED.has(job.lastRun.status) ? job.lastRun.message : null,
        nextRunAt: job.nextRunAt,
      })),
    },
  };
}
