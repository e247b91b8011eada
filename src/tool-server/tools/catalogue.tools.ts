import { z } from 'zod';
import { StoredComparablePage } from '../../shared/api/catalogue/comparables.schemas.js';
import { SLUG_MAX_LENGTH } from '../../shared/api/common.schemas.js';
import { TransceiverDetail } from '../../shared/api/catalogue/transceivers.schemas.js';
import { TransceiverDatasheetAnswer } from '../../shared/api/sales/datasheets.schemas.js';
import { SearchResponse } from '../../shared/api/search.schemas.js';
import { CURRENCIES, FIBER_TYPES, WDM_TYPES } from '../../shared/vocabulary/catalogue.vocabulary.js';
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/vocabulary/search.vocabulary.js';
import { defineTool, fields, round, type Tool } from '../tool-definition.js';

const productId = z.string().min(1).max(SLUG_MAX_LENGTH).describe("The product's slug (e.g. from search_products) or its UUID");
const currency = z.enum(CURRENCIES).default('USD').describe('Currency prices are converted to for comparison (default USD)');

const searchProducts = defineTool({
  name: 'search_products',
  title: 'Search transceivers',
  description:
    'Semantic search over the transceiver catalogue (own, competitor and original-vendor products): free text such as ' +
    '"400G single-mode 2 km for a Cisco switch", optionally filtered by form factor, speed, fibre type and WDM type. ' +
    "Returns the best hits with a score and the product record; use a hit's slug with get_transceiver or get_datasheet.",
  input: {
    q: z.string().min(1).max(SEARCH_QUERY_MAX_CHARS).describe('What the customer needs, in words'),
    form_factor: z.string().min(1).max(40).optional().describe('e.g. QSFP28, QSFP-DD, OSFP (any case)'),
    speed_gbps: fields.speed('Gb/s as a number, or "400G", "1.6T"').optional(),
    fiber_type: z.enum(FIBER_TYPES).optional().describe('SMF, MMF, copper or AOC'),
    wdm_type: z.enum(WDM_TYPES).optional().describe('Wavelength multiplexing of the optic'),
    limit: z.int().min(1).max(50).default(10).describe('Hits to return (default 10, at most 50)'),
  },
  route: { method: 'GET', path: '/search/products' },
  output: SearchResponse,
  readOnly: true,
  summarize(reply) {
    const hits = reply.hits.map((hit) => `- ${hit.title} (${hit.id}, score ${round(hit.score, 3)}): ${hit.snippet}`);
    const notice = reply.index_complete ? [] : [reply.notice];
    return [`${reply.hits.length} hit(s) for "${reply.query}"`, ...notice, ...hits].join('\n');
  },
});

const getTransceiver = defineTool({
  name: 'get_transceiver',
  title: 'One transceiver in detail',
  description:
    'Everything the catalogue knows about one transceiver: specifications (form factor, speed, reach, fibre, wavelengths, power), ' +
    'current prices per shop with a converted comparison price, recent price history, comparable products of other vendors and ' +
    'internal demand. Demo data is marked in provenance.demo.',
  input: { id: productId, currency },
  route: { method: 'GET', path: '/api/transceivers/:id' },
  output: TransceiverDetail,
  readOnly: true,
  summarize(reply) {
    const prices = reply.current_prices.map(
      (p) => `- ${p.vendor_name}: ${p.price} ${p.currency}${p.in_stock === null ? '' : p.in_stock ? ', in stock' : ', out of stock'}`,
    );
    return [
      `${reply.vendor_name} ${reply.part_number}: ${reply.name}`,
      `${reply.form_factor}, ${reply.speed_gbps} Gb/s, ${reply.reach_label}, ${reply.fiber_type}${reply.standard ? `, ${reply.standard}` : ''}` +
        `${reply.power_w === null ? '' : `, ${reply.power_w} W`}${reply.provenance?.demo ? ' (demo data)' : ''}`,
      ...prices,
      `${reply.comparable_products.length} comparable product(s) from other vendors.`,
    ].join('\n');
  },
});

const getDatasheet = defineTool({
  name: 'get_datasheet',
  title: 'Transceiver datasheet',
  description:
    "The customer-ready datasheet of one transceiver: specifications, optical power budget, pricing with the operator's, the original " +
    "vendor's and competitors' prices kept apart, and the switches it fits with the coding to order; with its HTML export and the paths of its HTML and PDF files.",
  input: { id: productId },
  route: { method: 'GET', path: '/api/datasheets/transceiver/:id' },
  output: TransceiverDatasheetAnswer,
  readOnly: true,
  summarize(reply) {
    const budget = reply.power_budget ? `Power budget ${round(reply.power_budget.budget_db, 1)} dB (${reply.power_budget.standard})` : reply.power_budget_note;
    return [
      `Datasheet of ${reply.product.vendor_name} ${reply.product.part_number}: ${reply.product.name}`,
      budget ?? 'No power budget.',
      `Prices: ${reply.pricing.operator.length} own, ${reply.pricing.original_vendor.length} original vendor, ${reply.pricing.competitors.length} competitor.`,
      ...(reply.pricing.demo_notice ? [reply.pricing.demo_notice] : []),
      `Fits ${reply.compatibility.switches.length} switch port group(s); codings: ${reply.compatibility.codings.join(', ') || 'none'}.`,
      `Exports: ${reply.exports.html.path} and ${reply.exports.pdf.path}`,
    ].join('\n');
  },
});

const comparePrices = defineTool({
  name: 'compare_prices',
  title: "Competitor prices for the operator's products",
  description:
    "Comparable-price records: competitor products matched to the operator's own (same form factor, speed, reach and fibre), each with its " +
    'latest price and that price converted to one currency. Give operator_transceiver (slug or UUID) for one product, or page through all.',
  input: {
    operator_transceiver: z.string().min(1).max(SLUG_MAX_LENGTH).optional().describe("Slug or UUID of one of the operator's products"),
    currency,
    limit: fields.limit(100, 1000),
    offset: fields.offset(),
  },
  route: { method: 'GET', path: '/api/prices/comparables' },
  output: StoredComparablePage,
  readOnly: true,
  summarize(reply) {
    const lines = reply.items.map((item) => {
      const converted = item.price_converted ? ` (= ${round(item.price_converted.amount)} ${item.price_converted.currency})` : '';
      return `- ${item.operator_slug} vs ${item.competitor_vendor_id} ${item.competitor_part_number}: ${item.price} ${item.currency}${converted}`;
    });
    return [`${reply.total} comparable record(s); showing ${reply.items.length} from ${reply.offset}.`, ...lines].join('\n');
  },
});

export function catalogueTools(): Tool[] {
  return [searchProducts, getTransceiver, getDatasheet, comparePrices];
}
