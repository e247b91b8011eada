import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportKind } from '../../../shared/api/catalogue/import.schemas.js';
import { describeError } from '../api/loadable.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { ImportReportView } from './import-report-view.js';
import { type ImportFormat, importFormatOf, type ImportOutcome, runImport } from './run-import.js';

interface ChosenFile {
  name: string;
  text: string;
  format: ImportFormat;
}

/** The list screens whose answers an import changes: refetched after a committed import. */
const CHANGED_BY_IMPORT = ['/api/transceivers', '/api/vendors', '/api/form-factors', '/api/coverage/prices', '/api/price-changes'];

/**
 * Import a CSV or JSON file: a dry run first shows the row-level report, then the import itself, all rows or none
 * (or, with "skip bad rows", the good ones). Nothing is written by choosing a file or checking it.
 */
export function ImportPanel({ kind, onClose }: { kind: ImportKind; onClose(): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [problem, setProblem] = useState('');

  async function choose(chosen: File | undefined) {
    setOutcome(null);
    setProblem('');
    setFile(chosen === undefined ? null : { name: chosen.name, text: await chosen.text(), format: importFormatOf(chosen.name) });
  }

  async function send(dryRun: boolean) {
    if (file === null) return;
    setBusy(true);
    setProblem('');
    try {
      const result = await runImport(client, kind, file, { dryRun, skipBadRows });
      setOutcome(result);
      if (result.report.committed) await Promise.all(CHANGED_BY_IMPORT.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
    } catch (error) {
      setOutcome(null);
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  const close = (
    <button type="button" className="link-button" onClick={onClose}>
      {t('import.close')}
    </button>
  );
  return (
    <Card title={t('import.title')} testId="import-panel" wide actions={close}>
      <p className="muted">{t('import.intro')}</p>
      {/* Every failure of choose and send is shown in the panel, so their promises never reject. */}
      <div className="import-controls">
        <label className="field">
          <span>{t('import.file')}</span>
          <input type="file" name="import-file" accept=".csv,.json,text/csv,application/json" onChange={(e) => void choose(e.target.files?.[0])} />
        </label>
        <label className="checkbox">
          <input type="checkbox" name="skip_bad_rows" checked={skipBadRows} onChange={(e) => setSkipBadRows(e.target.checked)} />
          {t('import.skipBadRows')}
        </label>
        <button type="button" className="button-secondary" data-testid="import-check" disabled={busy || file === null} onClick={() => void send(true)}>
          {t('import.check')}
        </button>
        <button type="button" className="button-primary" data-testid="import-commit" disabled={busy || file === null} onClick={() => void send(false)}>
          {busy ? t('import.busy') : t('import.commit')}
        </button>
      </div>
      {file !== null && <p className="muted small">{t('import.chosen', { name: file.name, format: file.format.toUpperCase() })}</p>}
      {problem !== '' && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {outcome !== null && <ImportReportView outcome={outcome} />}
    </Card>
  );
}
