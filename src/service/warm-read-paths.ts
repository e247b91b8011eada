import type { TypedApp } from './http/typed-app.js';
import { issueToken } from './features/auth/index.js';
import type { ServiceContext } from './context.js';

/**
 * Before the service takes its first request it reads one catalogue page and one product page through its own HTTP
 * app (inject: no socket), so the first salesperson's read does not pay for what a process does once: compiling the
 * code paths, the database's first look at the tables on its first connections. A warm-up never stops a start; a
 * failure is logged and the service starts as it would have.
 */
export async function warmReadPaths(http: TypedApp, ctx: ServiceContext): Promise<void> {
  const password = ctx.config.dashboardPassword;
  const headers = password === undefined ? {} : { authorization: `Bearer ${issueToken(password, ctx.now()).token}` };
  // From an address of its own, so the warm-up takes nothing from a real client's rate limit.
  const from = { headers, remoteAddress: '127.0.0.2' };
  try {
    const list = await http.inject({ method: 'GET', url: '/api/transceivers?limit=1', ...from });
    const slug = list.statusCode === 200 ? (list.json() as { items: Array<{ slug: string }> }).items[0]?.slug : undefined;
    if (slug !== undefined) await http.inject({ method: 'GET', url: `/api/transceivers/${encodeURIComponent(slug)}`, ...from });
  } catch (error) {
    ctx.logger.warn({ err: error }, 'warming the catalogue read paths failed; the first reads will be slower');
  }
}
