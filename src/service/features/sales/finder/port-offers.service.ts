import { formatSpeed } from '../../../../shared/speed.js';
import { isDemoPriceSource } from '../../../../shared/vocabulary/price-source.vocabulary.js';
import type { AppDatabase } from '../../../db/database.js';
import type { FinderOption, FinderPortGroup } from '../../../../shared/api/sales/finder.schemas.js';
import {
  latestPrices,
  type LatestPriceRow,
  makerProducts,
  operatorProductsByStandard,
  operatorProducts,
  type PortGroupRow,
  type ProductRow,
  type SwitchRow,
} from './finder.repository.js';
import { groupByLine, productForMaker } from './order-coding.rules.js';
import { acceptedFormFactors, breakoutsOf, codingMatch, GENERIC_CODING, moduleFitsPort } from './port-compatibility.js';
import { parseSpeeds } from './switch-text.rules.js';

/** Far-end modules listed per breakout: enough to choose from, short enough to read. */
const FAR_END_LIMIT = 10;

type PriceNow = FinderOption['prices'][number];

/** "48 x 25G SFP28 + 6 x 100G QSFP28": how port layouts are written on data sheets. */
export function portSummary(groups: ReadonlyArray<Pick<PortGroupRow, 'port_count' | 'max_speed_gbps' | 'form_factor'>>): string {
  return groups.map((g) => `${g.port_count} x ${formatSpeed(g.max_speed_gbps)} ${g.form_factor}`).join(' + ');
}

function pricesOf(rows: readonly LatestPriceRow[] | undefined, vendorId: string): PriceNow[] {
  return (rows ?? [])
    .filter((r) => r.vendor_id === vendorId)
    .map((r) => ({
      currency: r.currency as PriceNow['currency'],
      price: r.price,
      observed_at: r.observed_at,
      in_stock: r.in_stock === null ? null : r.in_stock !== 0,
      stock_qty: r.stock_qty,
      demo: isDemoPriceSource(r.source),
    }));
}

function byTransceiver(rows: readonly LatestPriceRow[]): Map<string, LatestPriceRow[]> {
  const map = new Map<string, LatestPriceRow[]>();
  for (const row of rows) map.set(row.transceiver_id, [...(map.get(row.transceiver_id) ?? []), row]);
  return map;
}

/** Native before backward; shorter reach first (unknown reach last); commercial temperature before industrial. */
function compareOptions(a: FinderOption, b: FinderOption): number {
  const fit = (o: FinderOption) => (o.fit === 'native' ? 0 : 1);
  const reach = (o: FinderOption) => o.reach_meters ?? Number.MAX_SAFE_INTEGER;
  const industrial = (o: FinderOption) => ((o.temp_range ?? '').toLowerCase().includes('ind') ? 1 : 0);
  return fit(a) - fit(b) || reach(a) - reach(b) || industrial(a) - industrial(b) || a.product.part_number.localeCompare(b.product.part_number);
}

/**
 * What to sell for each port group of one switch: per port speed (fastest first), the operator's product lines that fit
 * (each in the coding to order for the switch's maker), with the latest price and stock, the breakouts and the maker's
 * own equivalent kept apart.
 */
export async function portOffers(db: AppDatabase, sw: SwitchRow, groups: readonly PortGroupRow[]): Promise<FinderPortGroup[]> {
  const parsed = groups.map((g) => ({ group: g, speeds: parseSpeeds(g.speeds_gbps) }));
  const formFactors = [...new Set(parsed.flatMap((p) => acceptedFormFactors(p.group.form_factor)))];
  const speeds = [...new Set(parsed.flatMap((p) => p.speeds))];
  const [candidates, ownParts] = await Promise.all([operatorProducts(db, formFactors, speeds), makerProducts(db, sw.vendor_id, formFactors, speeds)]);
  const chosen = [...groupByLine(candidates).values()].map((line) => productForMaker(line, sw.vendor_id)).filter((p): p is ProductRow => p !== undefined);

  const farStandards = [...new Set(chosen.flatMap((p) => breakoutsOf(p.standard).flatMap((b) => b.far_end_standards)))];
  const [farEnds, prices] = await Promise.all([
    operatorProductsByStandard(db, farStandards),
    latestPrices(db, [...chosen.map((p) => p.id), ...ownParts.map((p) => p.id)]),
  ]);
  const priceMap = byTransceiver(prices);

  const option = (p: ProductRow, fit: NonNullable<ReturnType<typeof moduleFitsPort>>): FinderOption => {
    const own = ownParts.find((o) => o.form_factor === p.form_factor && o.speed_gbps === p.speed_gbps && o.standard === p.standard);
    return {
      fit: fit.kind,
      fit_reason: fit.reason,
      form_factor: p.form_factor,
      speed_gbps: p.speed_gbps,
      standard: p.standard,
      fiber_type: p.fiber_type,
      reach_meters: p.reach_meters,
      reach_label: p.reach_label,
      temp_range: p.temp_range,
      coding_to_order: p.platform_coding ?? GENERIC_CODING,
      coding_match: codingMatch(p.platform_coding, sw.vendor_id),
      product: { id: p.id, slug: p.slug, part_number: p.part_number, name: p.name, platform_coding: p.platform_coding },
      prices: pricesOf(priceMap.get(p.id), p.vendor_id),
      breakouts: breakoutsOf(p.standard).map((b) => ({
        ...b,
        far_end_standards: [...b.far_end_standards],
        far_end_products: farEnds
          .filter(
            (f) => f.standard !== null && b.far_end_standards.includes(f.standard) && (f.platform_coding === GENERIC_CODING || f.platform_coding === null),
          )
          .slice(0, FAR_END_LIMIT)
          .map((f) => ({ id: f.id, slug: f.slug, part_number: f.part_number, form_factor: f.form_factor, platform_coding: f.platform_coding })),
      })),
      original_vendor: own
        ? {
            vendor_id: own.vendor_id,
            vendor_name: own.vendor_name,
            slug: own.slug,
            part_number: own.part_number,
            prices: pricesOf(priceMap.get(own.id), own.vendor_id),
          }
        : null,
    };
  };

  return parsed.map(({ group, speeds: groupSpeeds }) => {
    const cage = { form_factor: group.form_factor, speeds_gbps: groupSpeeds };
    const bySpeed = [...groupSpeeds]
      .sort((a, b) => b - a)
      .map((speed) => ({
        speed_gbps: speed,
        options: chosen
          .filter((p) => p.speed_gbps === speed)
          .flatMap((p) => {
            const fit = moduleFitsPort(cage, p);
            return fit ? [option(p, fit)] : [];
          })
          .sort(compareOptions),
      }));
    return {
      id: group.id,
      port_count: group.port_count,
      form_factor: group.form_factor,
      speeds_gbps: groupSpeeds,
      max_speed_gbps: group.max_speed_gbps,
      role: group.role,
      by_speed: bySpeed,
    };
  });
}
