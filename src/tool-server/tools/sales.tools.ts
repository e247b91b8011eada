import { z } from 'zod';
import { SLUG_MAX_LENGTH } from '../../shared/api/common.schemas.js';
import { SalesForecast } from '../../shared/api/forecast/adoption.schemas.js';
import { CompetitorAlertPage } from '../../shared/api/sales/competitor-alerts.schemas.js';
import { StockAnalysis } from '../../shared/api/sales/demand.schemas.js';
import { FinderResult } from '../../shared/api/sales/finder.schemas.js';
import { TRANSPORT_CURRENCIES, TRANSPORT_PROTECTIONS, TransportPlan } from '../../shared/api/sales/transport.schemas.js';
import { URGENCY_FILTERS, VELOCITY_CLASS_NAMES } from '../../shared/vocabulary/demand.vocabulary.js';
import { ALERT_KINDS, ALERT_SEVERITIES } from '../../shared/vocabulary/sales-alerts.vocabulary.js';
import { defineTool, fields, round, type Tool } from '../tool-definition.js';

const findForSwitch = defineTool({
  name: 'find_vendor_products_for_switch',
  title: "Transceivers for a customer's switch",
  description:
    'Given a customer\'s switch (model text such as "N9K-C93180YC-FX" or "Arista 7280SR3-48YC8", a prefix, a series, a slug or a UUID), ' +
    "lists per port group and speed the operator's transceivers that fit (native, backwards-compatible, breakout), with the coding to order, " +
    "latest price and stock, and the switch maker's own part kept apart. Use it when a salesperson asks what to sell for a switch. " +
    'An unknown switch is an error that names the five closest models.',
  input: {
    switch: z.string().min(2).max(SLUG_MAX_LENGTH).describe('The switch: model text (with or without the maker), part of it, its series, a slug or a UUID'),
  },
  route: { method: 'GET', path: '/api/finder' },
  output: FinderResult,
  readOnly: true,
  summarize(reply) {
    const groups = reply.port_groups.map((group) => {
      const options = group.by_speed.reduce((sum, speed) => sum + speed.options.length, 0);
      return `- ${group.port_count} x ${group.form_factor} (${group.speeds_gbps.join('/')} Gb/s): ${options} fitting product option(s)`;
    });
    return [
      `${reply.switch.vendor_name} ${reply.switch.model} (matched by ${reply.matched_by}; ${reply.switch.port_summary}; coding: ${reply.switch.maker_coding})`,
      ...groups,
      ...(reply.alternatives.length > 0 ? [`Other matches: ${reply.alternatives.map((a) => `${a.vendor_name} ${a.model}`).join(', ')}`] : []),
    ].join('\n');
  },
});

const competitorAlerts = defineTool({
  name: 'get_competitor_alerts',
  title: 'Competitor alerts',
  description:
    "Competitors' price changes, new products and stock changes seen in their web shops, newest first. Filter by competitor (vendor id), " +
    'kind, speed, severity and a date range; page with limit and offset. Use it to tell a salesperson what competitors did recently.',
  input: {
    vendor: z.string().min(1).max(100).optional().describe('Competitor vendor id, e.g. "polarbay-demo"'),
    kind: z.enum(ALERT_KINDS).optional().describe('price_change, new_product or stock_change'),
    speed: fields.speed('Line rate of the product: "400G", "1.6T" or Gb/s as a number').optional(),
    severity: z.enum(ALERT_SEVERITIES).optional().describe('info, warning or critical'),
    since: fields.date('Only alerts on or after this UTC day (YYYY-MM-DD)').optional(),
    until: fields.date('Only alerts on or before this UTC day (YYYY-MM-DD); not before since').optional(),
    limit: fields.limit(20, 200),
    offset: fields.offset(),
  },
  route: { method: 'GET', path: '/api/competitor-alerts' },
  output: CompetitorAlertPage,
  readOnly: true,
  summarize(reply) {
    const lines = reply.items.map((alert) => {
      const move = alert.price ? ` (${alert.price.old_price} -> ${alert.price.new_price} ${alert.price.currency}, ${round(alert.price.change_pct, 1)}%)` : '';
      return `- ${alert.created_at.slice(0, 10)} [${alert.severity}] ${alert.vendor_name}${alert.vendor_is_demo ? ' (demo data)' : ''}: ${alert.title}${move}`;
    });
    return [`${reply.total} alert(s); showing ${reply.items.length} from ${reply.offset}.`, ...lines].join('\n');
  },
});

const planTransport = defineTool({
  name: 'plan_transport',
  title: 'Transport plan between two cities',
  description:
    'Plans an optical transport link between two cities of the fibre graph (e.g. "Frankfurt" to "Amsterdam") for a capacity such as "4x100G": ' +
    'shortest path (and with protection "1+1" a diverse second path), optics per span, optical power budgets, and a bill of materials with ' +
    "the operator's prices and fibre providers. Use it for a customer's data-centre interconnect or backbone question.",
  input: {
    from: z.string().min(1).max(80).describe('Start city: id ("frankfurt") or name, any case'),
    to: z.string().min(1).max(80).describe('End city: id or name, any case'),
    capacity: z
      .string()
      .min(1)
      .max(20)
      .regex(/^\s*([0-9]{1,3}\s*[xX×*]\s*)?[0-9]+(\.[0-9]+)?\s*[GgTt]\s*$/)
      .describe('Clients and speed: "4x100G", "1x400G" or "400G". Speeds 10G, 25G, 40G, 100G, 400G, 800G; 1 to 64 clients, at most 25.6T in all'),
    protection: z.enum(TRANSPORT_PROTECTIONS).default('none').describe('"1+1" adds a path sharing no fibre route with the working one'),
    currency: z.enum(TRANSPORT_CURRENCIES).default('GBP').describe('Currency of the bill of materials'),
    preferences: z
      .object({
        prefer_coherent: z.boolean().optional().describe('Coherent DWDM optics on every span (default false)'),
        avoid_providers: z.array(z.string().min(1).max(80)).max(20).optional().describe('Fibre provider ids not to use'),
        avoid_estimated: z.boolean().optional().describe('Only routes with a named provider (default false)'),
        form_factor: z
          .string()
          .min(1)
          .max(20)
          .optional()
          .describe('Form factor the platform\'s ports take, e.g. "QSFP-DD" or "CFP2"; without it coherent optics are offered in QSFP-DD'),
        coding: z.string().min(1).max(40).optional().describe('Platform coding to prefer, e.g. "Cisco"'),
      })
      .strict()
      .optional()
      .describe('Optional planning preferences'),
  },
  route: { method: 'POST', path: '/api/transport/plan' },
  output: TransportPlan,
  readOnly: true,
  summarize(reply) {
    const paths = reply.paths.map((path) => `- ${path.role}: ${path.cities.join(' -> ')} (${round(path.km, 0)} km, ${path.spans.length} span(s))`);
    const total =
      `Bill of materials: ${reply.bom.lines.length} line(s), total ${round(reply.bom.total)} ${reply.currency}` +
      `${reply.bom.unpriced_lines > 0 ? ` (${reply.bom.unpriced_lines} unpriced)` : ''}${reply.bom.demo_prices ? ' (demo prices)' : ''}`;
    return [
      `${reply.from.name} -> ${reply.to.name}, ${reply.capacity.count} x ${reply.capacity.speed}, protection ${reply.protection}`,
      ...paths,
      total,
      ...reply.notes,
    ].join('\n');
  },
});

const forecastSales = defineTool({
  name: 'forecast_sales',
  title: 'Sales forecast for a technology',
  description:
    'Sales forecast of one technology (exact name such as "400G", or a speed with unit: "800G", "1.6T") for 3, 9, 12 and 18 months, ' +
    'with a buy, wait or hold signal, its reasons and the weighted factors behind it; internal demand is included. ' +
    'Use it when asked whether and when to stock or push a speed class.',
  input: {
    technology: z.string().min(1).max(64).describe('Technology name, or a speed with unit (400G, 1.6T, 400)'),
  },
  route: { method: 'GET', path: '/api/forecast/:technology' },
  output: SalesForecast,
  readOnly: true,
  summarize(reply) {
    const horizons = reply.horizons.map(
      (h) => `${h.months} months: ${round(h.market_ports_millions)} M market ports${h.units === null ? '' : `, ${round(h.units, 0)} units`}`,
    );
    return [`${reply.technology} (${reply.phase}, as of ${reply.as_of}): signal ${reply.signal}`, ...horizons, ...reply.reasons.map((r) => `- ${r}`)].join(
      '\n',
    );
  },
});

const demandAnalysis = defineTool({
  name: 'get_demand_analysis',
  title: 'Internal demand against stock',
  description:
    'Internal demand against German stock per SKU, most urgent first: reorder urgency (critical, low, ok, overstock), days of stock ' +
    'coverage and momentum. Internal data: share it with colleagues, not customers. Filter by urgency, speed, form factor, velocity class ' +
    'or text in the SKU or description.',
  input: {
    urgency: z.enum(URGENCY_FILTERS).optional().describe('One reorder urgency, or "unassessed" for SKUs without demand data'),
    speed_gbps: fields.speed('Gb/s as a number, or "400G", "1.6T"').optional(),
    form_factor: z.string().min(1).max(40).optional().describe('Exact form factor, any case ("QSFP28")'),
    velocity_class: z.enum(VELOCITY_CLASS_NAMES).optional().describe('How fast the SKU moves'),
    q: z.string().min(1).max(200).optional().describe('Part of the SKU or the description, any case'),
    limit: fields.limit(50, 500),
    offset: fields.offset(),
  },
  route: { method: 'GET', path: '/api/internal/demand/stock-analysis' },
  output: StockAnalysis,
  readOnly: true,
  summarize(reply) {
    const { critical, low, ok, overstock, unassessed } = reply.counts;
    const lines = reply.items.map(
      (item) => `- ${item.sku}: ${item.reorder_urgency ?? 'unassessed'}, stock ${item.stock_de ?? 'n/a'}, coverage ${round(item.coverage_days_de, 0)} days`,
    );
    return [`${reply.total} SKU(s): ${critical} critical, ${low} low, ${ok} ok, ${overstock} overstock, ${unassessed} unassessed.`, ...lines].join('\n');
  },
});

export function salesTools(): Tool[] {
  return [findForSwitch, competitorAlerts, planTransport, forecastSales, demandAnalysis];
}
