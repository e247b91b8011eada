import { expect } from 'vitest';
import type { PageProblems } from './browser.js';

/** Whether a request that left the service was expected (product images from their shops, say). */
export type ExternalRequestFilter = (request: { url: string; type: string }) => boolean;

/**
 * The checks every browser test ends with (from its afterEach): no CSP violation, no page error, and no request
 * leaving the service unless `allowed` says so. Kept apart from browser.ts, which the benchmarks load outside vitest.
 */
export function expectNoPageProblems(problems: PageProblems, allowed: ExternalRequestFilter = () => false): void {
  expect(problems.cspViolations, 'CSP violations').toEqual([]);
  expect(problems.pageErrors, 'page errors').toEqual([]);
  expect(
    problems.externalRequests.filter((request) => !allowed(request)),
    'requests outside the service',
  ).toEqual([]);
}

/**
 * Only product images may try to leave the service (the browser aborts them: no network here), and only towards
 * the hosts the dashboard's CSP lets images come from.
 */
export function productImagesFrom(imageHosts: readonly string[]): ExternalRequestFilter {
  return (request) => request.type === 'image' && imageHosts.includes(new URL(request.url).origin);
}
