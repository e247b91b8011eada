import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/service/index.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

function imageSources(value: string | undefined): string[] {
  return loadConfig({ DASHBOARD_IMAGE_SOURCES: value }).dashboard.imageSources;
}

/** The policy as a browser reads it: directive name -> its sources. */
function directives(header: string | string[] | undefined): Map<string, string[]> {
  const text = Array.isArray(header) ? header.join(';') : (header ?? '');
  return new Map(
    text
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

describe('DASHBOARD_IMAGE_SOURCES', () => {
  it("defaults to the seed data set's image hosts, and none allows no outside image", () => {
    expect(imageSources(undefined)).toEqual(['https://www.operator.example', 'https://images.shop.example']);
    expect(imageSources('none')).toEqual([]);
  });

  it("lets in by default every host the seed data set's product images come from", () => {
    const seed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../resources/seed/catalogue/transceivers.json'), 'utf8')) as {
      columns: string[];
      rows: unknown[][];
    };
    const column = seed.columns.indexOf('image_url');
    const origins = new Set(
      seed.rows
        .map((row) => row[column])
        .filter((url): url is string => typeof url === 'string')
        .map((url) => new URL(url).origin),
    );
    expect(origins.size).toBeGreaterThan(0);
    expect(imageSources(undefined)).toEqual(expect.arrayContaining([...origins]));
  });

  it('takes a list of http(s) origins, a trailing slash forgiven', () => {
    expect(imageSources('https://img.vendor.example/, http://10.0.0.5:8080')).toEqual(['https://img.vendor.example', 'http://10.0.0.5:8080']);
  });

  it('refuses anything wider or other than an origin, naming the variable and the values', () => {
    for (const bad of ['https:', '*', 'https://*.example.com', 'https://img.example/path', "'unsafe-inline'", 'ftp://files.example', 'images.example']) {
      let error: unknown;
      try {
        imageSources(`https://ok.example,${bad}`);
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('DASHBOARD_IMAGE_SOURCES');
      expect((error as Error).message).toContain(bad);
    }
  });
});

describe("the dashboard's Content-Security-Policy header", () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets pages connect only to the service and load images only from it, data: and the listed hosts', async () => {
    t = await startTestService({ env: { DASHBOARD_IMAGE_SOURCES: 'https://img.vendor.example,https://cdn.shop.example' } });
    for (const url of ['/dashboard/', '/api/health', '/no/such/page']) {
      const policy = directives((await t.service.http.inject({ url })).headers['content-security-policy']);
      expect(policy.get('connect-src'), url).toEqual(["'self'"]);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'https://img.vendor.example', 'https://cdn.shop.example']);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });

  it('names no outside image host when told none', async () => {
    t = await startTestService({ env: { DASHBOARD_IMAGE_SOURCES: 'none' } });
    const policy = directives((await t.service.http.inject({ url: '/dashboard/' })).headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  });
});
