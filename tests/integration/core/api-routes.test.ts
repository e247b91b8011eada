import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const ROUTE_MAP = resolve(import.meta.dirname, '..', '..', '..', 'src', 'shared', 'api', 'api-routes.ts');

/** The paths an interface of the route map lists, read from its source (the map itself is types only). */
function pathsOf(interfaceName: string): string[] {
  const source = readFileSync(ROUTE_MAP, 'utf8');
  const body = new RegExp(`export interface ${interfaceName} \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s+'([^']+)': \{/gm)].map((m) => m[1]!);
}

describe("the dashboard's route map names routes the service has", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it.each([
    ['ApiGetRoutes', 'GET'],
    ['ApiPostRoutes', 'POST'],
    ['ApiDownloadRoutes', 'GET'],
    ['ApiActionRoutes', 'POST'],
    ['ApiUploadRoutes', 'POST'],
    ['ApiDeleteRoutes', 'DELETE'],
  ])('every path of %s is a registered %s route', (interfaceName, method) => {
    const paths = pathsOf(interfaceName);
    expect(paths.length).toBeGreaterThan(0);
    const registered = new Set(t.service.http.registeredRoutes.filter((r) => r.method === method).map((r) => r.url));
    expect(paths.filter((path) => !registered.has(path))).toEqual([]);
  });
});
