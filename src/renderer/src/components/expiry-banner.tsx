/** Said before it happens: at expiry the dashboard goes to the login page, which repeats why. */
export function ExpiryBanner({ minutesLeft }: { minutesLeft: number | null }) {
  if (minutesLeft === null) return null;
  return (
    <div className="banner banner-warn" role="alert">
      Your session expires in {minutesLeft} {minutesLeft === 1 ? 'minute' : 'minutes'}. You will then be asked to sign in again.
    </div>
  );
}
