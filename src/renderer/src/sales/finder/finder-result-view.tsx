import type { FinderResult } from '../../../../shared/api/sales/finder.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { Card } from '../../components/card.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { FinderOptionsTable } from './finder-options-table.js';
import { OriginalVendorTable } from './original-vendor-table.js';

interface FinderResultViewProps {
  result: FinderResult;
  /** Another switch chosen from the alternatives (its slug). */
  onPick(slug: string): void;
}

/** The matched switch, the other matches, and per port group and speed what to sell. */
export function FinderResultView({ result, onPick }: FinderResultViewProps) {
  const { t } = useI18n();
  const sw = result.switch;
  const anyOriginal = result.port_groups.some((g) => g.by_speed.some((s) => s.options.some((o) => o.original_vendor !== null)));
  return (
    <>
      <Card title={`${sw.vendor_name} ${sw.model}`} testId="finder-switch" wide>
        <dl className="facts">
          <dt>{t('sales.finder.series')}</dt>
          <dd>{sw.series ?? '—'}</dd>
          <dt>{t('sales.finder.ports')}</dt>
          <dd data-testid="finder-port-summary">{sw.port_summary}</dd>
          <dt>{t('sales.finder.coding')}</dt>
          <dd>
            <span className="badge badge-good" data-testid="finder-maker-coding">
              {sw.maker_coding}
            </span>{' '}
            <span className="muted">{t('sales.finder.codingHint', { coding: sw.maker_coding })}</span>
          </dd>
        </dl>
        {!anyOriginal && <p className="muted small">{t('sales.finder.noOriginal', { maker: sw.vendor_name })}</p>}
        {result.alternatives.length > 0 && (
          <div className="chip-row" data-testid="finder-alternatives">
            <span className="muted">{t('sales.finder.alternatives')}</span>
            {result.alternatives.map((a) => (
              <button key={a.id} type="button" className="chip" onClick={() => onPick(a.slug)}>
                {a.vendor_name} {a.model}
              </button>
            ))}
          </div>
        )}
      </Card>
      {result.port_groups.map((g) => (
        <Card
          key={g.id}
          wide
          testId="finder-port-group"
          title={
            t('sales.finder.group', { count: g.port_count, formFactor: g.form_factor, speeds: g.speeds_gbps.map(formatSpeed).join('/') }) +
            (g.role ? ` · ${g.role}` : '')
          }
        >
          {g.by_speed.map((s) => (
            <section key={s.speed_gbps} className="stack" data-testid="finder-speed" data-speed={s.speed_gbps} data-form-factor={g.form_factor}>
              <h3>{formatSpeed(s.speed_gbps)}</h3>
              {s.options.length === 0 ? (
                <p className="state state-empty">{t('sales.finder.noOptions', { speed: formatSpeed(s.speed_gbps) })}</p>
              ) : (
                <>
                  <FinderOptionsTable options={s.options} />
                  <OriginalVendorTable options={s.options} />
                </>
              )}
            </section>
          ))}
        </Card>
      ))}
    </>
  );
}
