import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readShopConfig, shopConfigFile, shopPlan } from '../../../src/service/features/scrapers/shop-config.loader.js';
import { fixtureShopConfig } from '../../fixtures/shops/shop-server.js';

describe('shop adapter files', () => {
  let root: string;
  let dirs: { resourcesDir: string; dataDir: string };
  const write = (dir: string, name: string, content: unknown) => {
    mkdirSync(join(dir, 'scrapers'), { recursive: true });
    writeFileSync(join(dir, 'scrapers', name), typeof content === 'string' ? content : JSON.stringify(content));
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ti-shop-config-'));
    dirs = { resourcesDir: join(root, 'resources'), dataDir: join(root, 'data') };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('ships a valid adapter for the operator shop', () => {
    expect(readShopConfig(resolve('resources/scrapers/operator.json')).baseUrl).toBe('https://www.operator.example');
  });

  it("prefers the data directory's file to the shipped one, and --url replaces only the address", () => {
    write(dirs.resourcesDir, 'shop.json', fixtureShopConfig('https://shipped.example'));
    write(dirs.dataDir, 'shop.json', fixtureShopConfig('https://local.example'));
    expect(shopConfigFile(dirs, 'shop')).toBe(join(dirs.dataDir, 'scrapers', 'shop.json'));
    expect(shopPlan(dirs, { id: 'shop', website: null })).toMatchObject({ kind: 'configured', baseUrl: 'https://local.example' });
    const overridden = shopPlan(dirs, { id: 'shop', website: null }, 'http://127.0.0.1:9');
    expect(overridden).toMatchObject({ kind: 'configured', baseUrl: 'http://127.0.0.1:9', config: { listing: { start: ['/catalogue?page=1'] } } });
  });

  it('falls back on the generic adapter at the website, and refuses a vendor with neither', () => {
    expect(shopPlan(dirs, { id: 'other', website: 'https://shop.example' })).toEqual({ kind: 'generic', baseUrl: 'https://shop.example' });
    expect(() => shopPlan(dirs, { id: 'other', website: null })).toThrow(
      'vendor other has no website and no adapter in scrapers/other.json: nothing to scrape',
    );
    expect(shopConfigFile(dirs, '../escape')).toBeNull();
  });

  it('names the file and the problem of an invalid adapter', () => {
    write(dirs.dataDir, 'bad.json', { baseUrl: 'ftp://x', listing: { start: [], productLinks: 'a' } });
    expect(() => shopPlan(dirs, { id: 'bad', website: null })).toThrow(
      /bad\.json: not a valid shop adapter: \/baseUrl Expected string to match '\^https\?:\/\/'; \/listing\/start Expected array length/,
    );
    write(dirs.dataDir, 'broken.json', '{"baseUrl":');
    expect(() => shopPlan(dirs, { id: 'broken', website: null })).toThrow(/broken\.json: not readable JSON/);
  });
});
