import type { FinderOption } from '../../../../shared/api/sales/finder.schemas.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { PriceList } from './price-list.js';

/** The switch maker's own parts, apart from the operator's offer so the two prices are never mixed up. */
export function OriginalVendorTable({ options }: { options: FinderOption[] }) {
  const { t } = useI18n();
  const rows = options.flatMap((o) => (o.original_vendor ? [{ option: o, own: o.original_vendor }] : []));
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="finder-original-vendor">
        <caption>{t('sales.finder.originalTitle')}</caption>
        <thead>
          <tr>
            <th>{t('sales.finder.col.originalPart')}</th>
            <th>{t('sales.finder.col.module')}</th>
            <th className="num">{t('sales.finder.col.price')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ option, own }) => (
            <tr key={`${option.product.id}-${own.slug}`}>
              <td className="mono">
                {own.vendor_name} {own.part_number}
              </td>
              <td>
                {option.form_factor} {option.standard}
              </td>
              <td className="num">
                <PriceList prices={own.prices} empty="—" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
