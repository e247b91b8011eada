import { describe, expect, it } from 'vitest';
import { SNAPSHOT_TABLES, snapshotColumns } from '../../../src/service/features/take-along/snapshot.tables.js';
import { decodeCursor, encodeCursor } from '../../../src/service/features/take-along/take-along.rules.js';
import { teamOrigin } from '../../../src/shared/team-origin.js';

describe('what a team snapshot holds', () => {
  it('pages every table by key columns it carries, and leaves the service bookkeeping behind', () => {
    for (const table of SNAPSHOT_TABLES) expect(snapshotColumns(table), table.declaration.name).toEqual(expect.arrayContaining([...table.key]));
    const names = SNAPSHOT_TABLES.map((t) => t.declaration.name);
    for (const own of ['app_settings', 'jobs', 'job_runs', 'schema_migrations', 'vector_collections', 'documents', 'blog_drafts', 'take_along_pages']) {
      expect(names).not.toContain(own);
    }
    expect(SNAPSHOT_TABLES.filter((t) => t.secured).map((t) => t.declaration.name)).toEqual(['internal_demand']);
  });

  it('writes parents before the tables that reference them', () => {
    const names = SNAPSHOT_TABLES.map((t) => t.declaration.name);
    const before = (a: string, b: string) => expect(names.indexOf(a), `${a} before ${b}`).toBeLessThan(names.indexOf(b));
    before('vendors', 'transceivers');
    before('transceivers', 'price_observations');
    before('price_observations', 'competitor_alerts');
    before('cities', 'fiber_routes');
    before('technologies', 'technology_models');
  });

  it('hands out cursors it can read back, and refuses altered ones', () => {
    expect(decodeCursor(encodeCursor(['QSFP-DD', 3]), 2)).toEqual(['QSFP-DD', 3]);
    expect(decodeCursor(encodeCursor(['a']), 2)).toBeUndefined();
    expect(decodeCursor(Buffer.from('[{"x":1}]').toString('base64url'), 1)).toBeUndefined();
    expect(decodeCursor(Buffer.from('[1e999]').toString('base64url'), 1)).toBeUndefined();
    expect(decodeCursor('not json', 1)).toBeUndefined();
  });

  it('keeps a team address without credentials or a trailing slash', () => {
    expect(teamOrigin(' https://team.example/ti/ ')).toBe('https://team.example/ti');
    expect(teamOrigin('https://a:b@team.example')).toBeUndefined();
    expect(teamOrigin('ftp://team.example')).toBeUndefined();
  });
});
