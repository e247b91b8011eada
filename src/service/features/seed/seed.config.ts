import { type ConfigProblems, type Env, readString } from '../../config-parsers.js';

/** Neutral default display name of the operator (vendor id 'operator'); part numbers never carry it. */
export const DEFAULT_OPERATOR_BRAND = 'Operator Optics';
const MAX_BRAND_LENGTH = 80;

/** OPERATOR_BRAND: the name shown for the operator's own products. */
export function readOperatorBrand(env: Env, problems: ConfigProblems): string {
  const brand = readString(env, 'OPERATOR_BRAND', DEFAULT_OPERATOR_BRAND);
  if (brand.length > MAX_BRAND_LENGTH) {
    problems.add('OPERATOR_BRAND', `must be at most ${MAX_BRAND_LENGTH} characters (got ${brand.length})`);
    return DEFAULT_OPERATOR_BRAND;
  }
  return brand;
}
