import { useI18n } from '../i18n/use-i18n.js';

/** Said before it happens: at expiry the dashboard goes to the login page, which repeats why. */
export function ExpiryBanner({ minutesLeft }: { minutesLeft: number | null }) {
  const { t } = useI18n();
  if (minutesLeft === null) return null;
  return (
    <div className="banner banner-warn" role="alert">
      {t(minutesLeft === 1 ? 'expiry.oneMinute' : 'expiry.minutes', { minutes: minutesLeft })}
    </div>
  );
}
