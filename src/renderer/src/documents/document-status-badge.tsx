import type { DocumentStatus } from '../../../shared/api/documents.schemas.js';
import { StatusBadge } from '../components/status-badge.js';
import { useI18n } from '../i18n/use-i18n.js';
import { STATUS_TONES } from './document-status.js';

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useI18n();
  return (
    <StatusBadge tone={STATUS_TONES[status]} data-status={status}>
      {t(`documents.status.${status}`)}
    </StatusBadge>
  );
}
