import type { AlertSeverity } from '../../../../shared/api/sales/competitor-alerts.schemas.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useI18n } from '../../i18n/use-i18n.js';

const SEVERITY_TONE: Record<AlertSeverity, 'bad' | 'warn' | 'neutral'> = { critical: 'bad', warning: 'warn', info: 'neutral' };

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useI18n();
  return (
    <StatusBadge tone={SEVERITY_TONE[severity]} data-status={severity}>
      {t(`sales.alerts.severity.${severity}`)}
    </StatusBadge>
  );
}
