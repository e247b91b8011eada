import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery } from '../api/api-queries.js';
import { describeError } from '../api/loadable.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { DOCUMENT_LIST_POLL } from './document-status.js';
import { DocumentStatusBadge } from './document-status-badge.js';

/** Every uploaded document, newest first, re-read while any is still being processed; a document can be deleted. */
export function DocumentListCard() {
  const { state, reload } = useApiQuery({ path: '/api/documents', query: { limit: 200 } }, { poll: DOCUMENT_LIST_POLL });
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t, format } = useI18n();
  // Deleting takes two clicks on the same row: the first arms the button, the second deletes.
  const [armed, setArmed] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  async function remove(id: string) {
    setProblem('');
    try {
      await client.remove('/api/documents/:id', { id });
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'] });
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setArmed(null);
    }
  }

  const refresh = (
    <button type="button" className="link-button" onClick={reload}>
      {t('health.refresh')}
    </button>
  );
  return (
    <Card title={t('documents.listTitle')} testId="document-list" wide actions={refresh}>
      {problem !== '' && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <AsyncView state={state} what={t('documents.what')} onRetry={reload} isEmpty={(list) => list.items.length === 0} empty={t('documents.empty')}>
        {(list) => (
          <div className="table-scroll">
            <table className="table compact" data-testid="documents-table">
              <thead>
                <tr>
                  <th>{t('documents.fileName')}</th>
                  <th>{t('documents.status')}</th>
                  <th>{t('documents.progress')}</th>
                  <th className="num">{t('documents.pages')}</th>
                  <th className="num">{t('documents.chunks')}</th>
                  <th className="num">{t('documents.size')}</th>
                  <th>{t('documents.uploaded')}</th>
                  <th aria-label={t('documents.actions')} />
                </tr>
              </thead>
              <tbody>
                {list.items.map((doc) => (
                  <tr key={doc.id} data-id={doc.id} data-status={doc.status}>
                    <td className="ellipsis" title={doc.filename}>
                      {doc.filename}
                      {doc.error !== null && <div className="problem small">{doc.error}</div>}
                    </td>
                    <td>
                      <DocumentStatusBadge status={doc.status} />
                    </td>
                    <td>
                      <ProgressBar ratio={doc.progress} label={t('documents.progressOf', { name: doc.filename })} />
                    </td>
                    <td className="num">{doc.pages === null ? '—' : format.number(doc.pages)}</td>
                    <td className="num" data-col="chunks">
                      {format.number(doc.chunks_count)}
                    </td>
                    <td className="num">{format.bytes(doc.size_bytes)}</td>
                    <td>{format.dateTime(doc.created_at)}</td>
                    <td>
                      <button
                        type="button"
                        className={armed === doc.id ? 'button-danger' : 'link-button'}
                        data-testid="document-delete"
                        onClick={() => (armed === doc.id ? void remove(doc.id) : setArmed(doc.id))}
                      >
                        {armed === doc.id ? t('documents.confirmDelete') : t('documents.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AsyncView>
    </Card>
  );
}
