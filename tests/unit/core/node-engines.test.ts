import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { findAppRoot } from '../../../src/service/app-paths.js';

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

/**
 * `npm install` on the Node version the README names must print no engine warnings: every package the lock file
 * installs must accept the oldest Node that package.json's engines field allows (the pins and overrides in
 * package.json exist for this; docs/developing.md says which and why).
 */
describe('dependency versions and the supported Node', () => {
  const root = findAppRoot();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
  const oldest = semver.minVersion(pkg.engines.node);

  it('names the same Node in package.json and the README', () => {
    expect(oldest?.version).toBeDefined();
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${semver.major(oldest ?? '0.0.0')}.${semver.minor(oldest ?? '0.0.0')} or later`);
  });

  it('installs no package whose engines field refuses that Node', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (path === '' || range === undefined) continue;
      checked += 1;
      if (!semver.satisfies(oldest ?? '0.0.0', range)) refused.push(`${path}@${entry.version ?? '?'} wants node ${range}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });
});
