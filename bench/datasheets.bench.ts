import { performance } from 'node:perf_hooks';
import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import { startTestService } from '../tests/helpers/test-service.js';
import type { BenchSection } from './bench-types.js';
import { fmt, median } from './load.js';
import type { DatasheetTables } from '../src/service/db/tables/datasheets.tables.js';

const ROUNDS = 30;
const SLUG = 'operator-q28-100g-lr4-csc';

/**
 * The transceiver datasheet in process (Fastify inject, seeded SQLite file): a read served from generated_datasheets
 * and a read that regenerates it, the PDF from the store and rendered afresh, each against the bare product detail
 * GET /api/transceivers/:id measured in the same run.
 */
export async function run(): Promise<BenchSection> {
  const t = await startTestService();
  try {
    const { db, config } = t.service.ctx;
    await seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: Date.now() });
    const headers = { authorization: `Bearer ${await t.login()}` };
    const forget = () => db.kysely.withTables<DatasheetTables>().deleteFrom('generated_datasheets').execute();
    const time = async (url: string, before?: () => Promise<unknown>): Promise<number> => {
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        await before?.();
        const started = performance.now();
        const response = await t.service.http.inject({ method: 'GET', url, headers });
        samples.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      }
      return median(samples);
    };
    const base = `/api/datasheets/transceiver/${SLUG}`;
    await time(`/api/transceivers/${SLUG}`); // warm-up: prepared statements, page cache
    const detail = await time(`/api/transceivers/${SLUG}`);
    const stored = await time(base);
    const regenerated = await time(base, forget);
    const pdfStored = await time(`${base}/pdf`);
    const pdfFresh = await time(`${base}/pdf`, forget);
    const row = (label: string, ms: number) => `| ${label} | ${fmt(ms, 2)} | ${fmt(ms / detail, 2)} |`;
    return {
      title: 'Transceiver datasheet',
      markdown: [
        `Median of ${ROUNDS} in-process requests (Fastify inject) for ${SLUG} on the seed data set; baseline: the bare product detail, GET /api/transceivers/:id.`,
        'Every datasheet read gathers and hashes its inputs (product, prices, comparables, switch compatibility) to decide whether the stored row is current.',
        '',
        '| Request | ms | x baseline |',
        '|---|---|---|',
        row('GET /api/transceivers/:id (baseline)', detail),
        row('datasheet JSON, stored row current', stored),
        row('datasheet JSON, regenerated (row deleted first)', regenerated),
        row('datasheet PDF, stored', pdfStored),
        row('datasheet PDF, regenerated and rendered', pdfFresh),
      ].join('\n'),
    };
  } finally {
    await t.close();
  }
}
