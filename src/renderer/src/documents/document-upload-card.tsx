import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery } from '../api/api-queries.js';
import { describeError } from '../api/loadable.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { DOCUMENT_POLL } from './document-status.js';
import { DocumentStatusBadge } from './document-status-badge.js';

/** Its job, watched until it is processed or failed. */
function UploadProgress({ id }: { id: string }) {
  const { state } = useApiQuery({ path: '/api/documents/:id', params: { id } }, { poll: DOCUMENT_POLL });
  const { t, format } = useI18n();
  if (state.status !== 'ready') return null;
  const doc = state.data;
  return (
    <div className="stack" data-testid="upload-progress" data-status={doc.status}>
      <p className="headline">
        <span className="mono">{doc.filename}</span> <DocumentStatusBadge status={doc.status} />
      </p>
      <ProgressBar ratio={doc.progress} label={t('documents.progressOf', { name: doc.filename })} />
      <p className="muted">
        {doc.status === 'processed'
          ? t('documents.processedSummary', { chunks: format.number(doc.chunks_count), pages: format.number(doc.pages ?? 0) })
          : doc.status === 'failed'
            ? (doc.error ?? '')
            : t('documents.running', { percent: format.percent(doc.progress) })}
      </p>
    </div>
  );
}

/** Upload a PDF datasheet or manual (POST /api/documents/process); the service answers at once and works behind it. */
export function DocumentUploadCard() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [uploadedId, setUploadedId] = useState<string | null>(null);

  async function upload() {
    if (file === null) return;
    setBusy(true);
    setProblem('');
    try {
      const doc = await client.upload('/api/documents/process', file, file.name);
      setUploadedId(doc.id);
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'] });
    } catch (error) {
      // 400 not a PDF, 409 the same file already uploaded (naming it), 413 too large: the service's words say which.
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('documents.uploadTitle')} testId="document-upload">
      <p className="muted">{t('documents.uploadIntro')}</p>
      {/* upload shows every failure in the card, so its promise never rejects. */}
      <form
        className="import-controls"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <label className="field">
          <span>{t('documents.file')}</span>
          <input type="file" name="document-file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className="button-primary" data-testid="document-upload-submit" disabled={busy || file === null}>
          {busy ? t('documents.uploading') : t('documents.upload')}
        </button>
      </form>
      {problem !== '' && (
        <p className="problem" role="alert" data-testid="upload-problem">
          {problem}
        </p>
      )}
      {uploadedId !== null && <UploadProgress key={uploadedId} id={uploadedId} />}
    </Card>
  );
}
