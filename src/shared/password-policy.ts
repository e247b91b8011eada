/**
 * How long the dashboard password must be, for the service (which refuses to start with a shorter one) and the
 * desktop app's first-launch prompt. The password is the HMAC key that signs every token, so a leaked token lets
 * anyone test guesses offline at full speed, without the login's rate limit: 12 characters is the floor.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** The login compares passwords over 128 characters; a longer one would only be checked exactly. */
export const PASSWORD_MAX_LENGTH = 128;

/** Characters as a person counts them (code points), not UTF-16 units. */
export function passwordLength(value: string): number {
  return [...value].length;
}
