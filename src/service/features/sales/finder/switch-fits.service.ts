import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import type { SwitchFit } from '../../../../shared/api/sales/finder.schemas.js';
import { findProduct, mappedOperatorProducts, operatorProducts, portGroupsWithCage, type ProductRow } from './finder.repository.js';
import { groupByLine, productLineKey, productForMaker } from './order-coding.rules.js';
import { cagesTaking, codingForMaker, codingMatch, moduleFitsPort } from './port-compatibility.js';
import { parseSpeeds } from './switch-text.rules.js';

function orderProduct(p: ProductRow): NonNullable<SwitchFit['order']> {
  return { id: p.id, slug: p.slug, part_number: p.part_number, name: p.name, platform_coding: p.platform_coding };
}

/** The operator's product line a transceiver belongs to: its own for an operator product, else the lines it is mapped to. */
async function operatorLine(db: AppDatabase, product: ProductRow): Promise<ProductRow[]> {
  const basis = product.vendor_kind === 'operator' ? [product] : await mappedOperatorProducts(db, product.id);
  if (basis.length === 0) return [];
  const keys = new Set(basis.map(productLineKey));
  const siblings = await operatorProducts(db, [product.form_factor], [product.speed_gbps]);
  return [...groupByLine(siblings).entries()].filter(([key]) => keys.has(key)).flatMap(([, line]) => line);
}

/**
 * Every switch port group a transceiver (slug or UUID, any vendor) fits, natively or backwards compatibly, with the
 * coding the switch's maker wants and the operator product to order in that coding. Sorted by maker, model, port group.
 * Throws NotFoundError for an unknown transceiver.
 */
export async function switchesForTransceiver(db: AppDatabase, transceiverId: string): Promise<SwitchFit[]> {
  const product = await findProduct(db, transceiverId);
  if (product === undefined) throw new NotFoundError(`No transceiver with slug or id '${transceiverId}'`);
  const [groups, line] = await Promise.all([portGroupsWithCage(db, cagesTaking(product.form_factor)), operatorLine(db, product)]);
  const fits: SwitchFit[] = [];
  for (const g of groups) {
    const speeds = parseSpeeds(g.speeds_gbps);
    const fit = moduleFitsPort({ form_factor: g.form_factor, speeds_gbps: speeds }, product);
    if (fit === null) continue;
    const order = productForMaker(line, g.vendor_id);
    fits.push({
      switch: { id: g.switch_id, slug: g.slug, vendor_id: g.vendor_id, vendor_name: g.vendor_name, model: g.model },
      port_group: { id: g.group_id, port_count: g.port_count, form_factor: g.form_factor, speeds_gbps: speeds, role: g.role },
      fit: fit.kind,
      fit_reason: fit.reason,
      maker_coding: codingForMaker(g.vendor_id),
      coding_match: codingMatch(product.platform_coding, g.vendor_id),
      order: order ? orderProduct(order) : null,
    });
  }
  return fits;
}
