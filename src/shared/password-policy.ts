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

/**
 * The passwords this repository prints as examples: the README's first command, and the one the service's refusal of
 * a short password suggests. Anyone can read them, so neither the service nor the desktop app takes one as a password.
 */
export const EXAMPLE_PASSWORDS = { readme: 'replace with your own password', hint: '<four random words>' } as const;

/** Whether the text is one of EXAMPLE_PASSWORDS, whatever its case or surrounding blanks. */
export function isExamplePassword(value: string): boolean {
  const text = value.trim().toLowerCase();
  return Object.values(EXAMPLE_PASSWORDS).some((example) => example.toLowerCase() === text);
}
