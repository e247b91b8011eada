import { type ConfigProblems, type Env, readList } from '../../config-parsers.js';

export interface DashboardConfig {
  /** DASHBOARD_IMAGE_SOURCES: origins besides the service itself that product images may load from (CSP img-src). */
  imageSources: string[];
}

/**
 * Where the seed data set's product images live (the operator's own site and the shops' image host); an operator
 * with another catalogue names its own image hosts instead.
 */
export const DEFAULT_IMAGE_SOURCES = ['https://www.operator.example', 'https://images.shop.example'];

/**
 * Only whole http(s) origins: a path, wildcard or CSP keyword here would widen the policy in ways the variable's
 * name does not say. `none` allows no image from outside the service.
 */
export function readDashboardConfig(env: Env, problems: ConfigProblems): DashboardConfig {
  const list = readList(env, 'DASHBOARD_IMAGE_SOURCES');
  if (list.length === 0) return { imageSources: [...DEFAULT_IMAGE_SOURCES] };
  if (list.length === 1 && list[0]?.toLowerCase() === 'none') return { imageSources: [] };
  const bad = list.filter((item) => originOf(item) === undefined);
  if (bad.length > 0) {
    problems.add('DASHBOARD_IMAGE_SOURCES', `"${bad.join(', ')}" is not an http(s) origin such as https://images.example.com (or none)`);
    return { imageSources: [...DEFAULT_IMAGE_SOURCES] };
  }
  return { imageSources: [...new Set(list.map((item) => originOf(item) ?? item))] };
}

function originOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // WHATWG URLs accept '*' in a host name, which CSP would read as a wildcard.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return undefined;
  // A trailing slash is harmless; anything else after the host is not an origin.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || url.pathname !== '/') return undefined;
  if (text.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return undefined;
  return url.origin;
}
