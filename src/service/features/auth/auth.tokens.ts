import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Spec, Limits: token lifetime 7 days; password comparison width 128 characters. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_COMPARE_WIDTH = 128;

export function signExpiry(expiresAt: number, password: string): string {
  return createHmac('sha256', password).update(String(expiresAt)).digest('base64url');
}

export function issueToken(password: string, now: number): { token: string; expiresAt: number } {
  const expiresAt = Math.trunc(now) + TOKEN_LIFETIME_MS;
  return { token: `${expiresAt}.${signExpiry(expiresAt, password)}`, expiresAt };
}

export type TokenCheck = { valid: true; expiresAt: number } | { valid: false; reason: 'malformed' | 'expired' | 'signature' };

/** Equal-length digests make the comparison constant-time whatever the lengths of the two inputs. */
function sameText(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

/**
 * Spec, Authentication rule 5: valid when it contains a dot, the part before the dot parses as an integer,
 * now has not passed that integer, and the signature equals the recomputed one (constant-time).
 */
export function checkToken(token: string, password: string, now: number): TokenCheck {
  const dot = token.indexOf('.');
  if (dot <= 0) return { valid: false, reason: 'malformed' };
  const head = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!/^\d{1,16}$/.test(head)) return { valid: false, reason: 'malformed' };
  const expiresAt = Number(head);
  const signatureOk = sameText(signature, signExpiry(expiresAt, password));
  if (now > expiresAt) return { valid: false, reason: 'expired' };
  if (!signatureOk) return { valid: false, reason: 'signature' };
  return { valid: true, expiresAt };
}

function fixedWidth(value: string): Buffer {
  // Pad or cut to 128 UTF-16 code units, then compare the UTF-16 bytes: always 256 bytes on both sides.
  return Buffer.from(value.padEnd(PASSWORD_COMPARE_WIDTH, '\0').slice(0, PASSWORD_COMPARE_WIDTH), 'utf16le');
}

/** Spec, Authentication rule 6: constant-time over the fixed-width values, then an exact equality check. */
export function passwordMatches(given: string, configured: string): boolean {
  const fixedEqual = timingSafeEqual(fixedWidth(given), fixedWidth(configured));
  return fixedEqual && given === configured;
}
