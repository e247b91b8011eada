import { z } from 'zod';
import { HypeCycleDetail } from '../../shared/api/forecast/forecast.schemas.js';
import { MORE_SPECIFICS_DEFAULT, MORE_SPECIFICS_MAX, PrefixResponse } from '../../shared/api/rib/rib.schemas.js';
import { defineTool, round, type Tool } from '../tool-definition.js';

const hypeCycle = defineTool({
  name: 'get_hype_cycle',
  title: 'Hype-cycle position of a technology',
  description:
    'Where one technology stands in its lifecycle (e.g. "800G", "1.6T", "400G ZR", or a speed with unit): hype-cycle phase and score, ' +
    'the weighted factors behind it, current adoption share, a 5-year adoption forecast (Bass / Norton-Bass diffusion), standard, ' +
    'launch and shipment figures with their sources, and risks. Use it for "is this technology ready to sell?" questions.',
  input: {
    tech: z.string().min(1).max(64).describe('Exact technology name first, then a speed with unit (400G, 1.6T, 400); 1.6T never matches 1G'),
  },
  route: { method: 'GET', path: '/api/hype-cycle/:tech' },
  output: HypeCycleDetail,
  readOnly: true,
  summarize(reply) {
    const forecast = reply.forecast_5y.map((point) => `${point.year}: ${round(point.units_millions)} M units`).join(', ');
    const asp = reply.factors.find((f) => f.name === 'asp_decline');
    return [
      `${reply.name} (${reply.category}): ${reply.phase}, score ${round(reply.score)}, adoption now ${round(reply.adoption_share_now * 100, 1)}% (as of ${reply.as_of})`,
      ...(reply.phase_rule === null ? [] : [`Phase rule: ${reply.phase_rule}`]),
      `Forecast: ${forecast}`,
      // The detail names the source: a published rate with its citation, observed catalogue prices, or an estimate.
      ...(asp ? [`Price decline: ${round(asp.value * 100, 1)}% a year (${asp.detail})`] : []),
      ...reply.risks.map((risk) => `- Risk: ${risk}`),
    ].join('\n');
  },
});

const lookupRoute = defineTool({
  name: 'lookup_route',
  title: 'BGP route lookup',
  description:
    "Looks a prefix up in the routing table of the operator's routing daemon: the longest-prefix match with its paths (AS path, next " +
    'hop, communities), the covering routes and the more-specific routes. When the routing daemon is unavailable the answer says so ' +
    '(source.available false) with empty results rather than failing.',
  input: {
    prefix: z.string().min(1).max(64).describe('IPv4 or IPv6 prefix, addr/len (a bare address means /32 or /128); host bits must be zero'),
    limit: z
      .int()
      .min(0)
      .max(MORE_SPECIFICS_MAX)
      .default(MORE_SPECIFICS_DEFAULT)
      .describe(`Most more-specific routes listed (default ${MORE_SPECIFICS_DEFAULT}, at most ${MORE_SPECIFICS_MAX}); the answer counts them all`),
    router: z.string().max(64).optional().describe('Router address; default: the configured or first router'),
    vrf: z.string().max(24).optional().describe('VRF as ASN:ID; default the global table (0:0)'),
  },
  route: { method: 'GET', path: '/api/rib/prefix' },
  output: PrefixResponse,
  readOnly: true,
  summarize(reply) {
    if (!reply.source.available) return `The routing daemon is not available (${reply.source.reason ?? 'no reason given'}); no routes for ${reply.query}.`;
    const match = reply.match ? `Longest match ${reply.match.pfx} with ${reply.match.paths.length} path(s).` : `No route covers ${reply.query}.`;
    return [
      match,
      `${reply.less_specifics.length} covering route(s), ` +
        (reply.more_specifics_count === null
          ? `more-specific routes not counted yet (${reply.source.reason ?? 'the routing table is still being learned'}).`
          : `${reply.more_specifics_count} more-specific route(s)${reply.more_specifics_truncated ? `, the first ${reply.more_specifics.length} listed` : ''}.`),
    ].join('\n');
  },
});

export function marketTools(): Tool[] {
  return [hypeCycle, lookupRoute];
}
