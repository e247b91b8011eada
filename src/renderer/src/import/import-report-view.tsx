import type { ImportReport } from '../../../shared/api/catalogue/import.schemas.js';
import type { MessageKey } from '../i18n/translate.js';
import { useI18n } from '../i18n/use-i18n.js';
import type { ImportOutcome } from './run-import.js';

/** Bad rows stop an import unless they are skipped: refused by the service, or found by a dry run. */
function isBlocked({ refused, report }: ImportOutcome): boolean {
  return refused || (report.bad_rows > 0 && !report.skip_bad_rows);
}

function headline(outcome: ImportOutcome): MessageKey {
  if (outcome.refused) return 'import.refused';
  if (outcome.report.dry_run) return isBlocked(outcome) ? 'import.checkedBad' : 'import.checked';
  return outcome.report.committed ? 'import.written' : 'import.nothingWritten';
}

/** The counts of an import and every reported problem by line, field and reason. */
export function ImportReportView({ outcome }: { outcome: ImportOutcome }) {
  const { t, format } = useI18n();
  const r: ImportReport = outcome.report;
  const blocked = isBlocked(outcome);
  return (
    <div className="stack" data-testid="import-report" data-refused={outcome.refused} data-blocked={blocked} data-dry-run={r.dry_run}>
      <p className={blocked ? 'banner banner-warn' : 'banner banner-info'} role="status">
        {t(headline(outcome))}{' '}
        {t('import.counts', {
          rows: format.number(r.rows),
          valid: format.number(r.valid_rows),
          bad: format.number(r.bad_rows),
          inserted: format.number(r.inserted),
          updated: format.number(r.updated),
          unchanged: format.number(r.unchanged),
        })}
      </p>
      {r.errors.length > 0 && (
        <div className="table-scroll table-scroll-short">
          <table className="table compact" data-testid="import-errors">
            <thead>
              <tr>
                <th className="num">{t('import.line')}</th>
                <th className="num">{t('import.row')}</th>
                <th>{t('import.field')}</th>
                <th>{t('import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {r.errors.map((problem, i) => (
                <tr key={`${problem.row}-${problem.field ?? ''}-${i}`}>
                  <td className="num" data-col="line">
                    {problem.line}
                  </td>
                  <td className="num">{problem.row}</td>
                  <td className="mono">{problem.field ?? '—'}</td>
                  <td data-col="reason">{problem.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.errors_truncated && <p className="muted">{t('import.truncated', { shown: format.number(r.errors.length) })}</p>}
    </div>
  );
}
