import type { Payload } from './vector-types.js';

/**
 * A payload filter: every key must equal its value; strings compare without regard to case (a product's
 * form_factor "QSFP28" matches "qsfp28"), numbers exactly. An item without the key never matches.
 */
export type PayloadFilter = Readonly<Record<string, string | number>>;

type Normalised = string | number | null;

function normalise(value: string | number | null | undefined): Normalised {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** The test a filter makes of one payload, with the filter's own values normalised once (it runs per visited node). */
export function payloadTest(filter: PayloadFilter): (payload: Payload | undefined) => boolean {
  const wanted = Object.entries(filter).map(([key, value]) => [key, normalise(value)] as const);
  return (payload) => {
    if (payload === undefined) return false;
    for (const [key, value] of wanted) {
      const have = normalise(payload[key]);
      if (have === null || have !== value) return false;
    }
    return true;
  };
}
