import { UnprocessableError } from '../../errors.js';

/** The first number in `value` that is NaN or infinite, as a path like "logistic.k" or "per_period.3". */
function firstNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = firstNonFinite(value[i], `${path}.${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const found = firstNonFinite(child, path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Parameters the schema accepts can still overflow or underflow the closed forms in floating point (p = 5e-324,
 * m = 1e308). JSON has no NaN or Infinity, and the response promises numbers, so such a result is refused with a
 * 422 naming the first field that could not be computed, instead of a 500 or a null where a number was promised.
 */
export function requireFiniteResult<T>(result: T, what: string): T {
  const field = firstNonFinite(result, '');
  if (field !== undefined) {
    throw new UnprocessableError(`${what}: ${field} is not a finite number for these parameters (they overflow floating point); use less extreme values`, {
      field,
    });
  }
  return result;
}
