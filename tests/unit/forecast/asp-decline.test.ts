import { describe, expect, it } from 'vitest';
import { aspDeclineFromObservations } from '../../../src/service/features/forecast/forecast.factors.js';
import type { PriceObservation } from '../../../src/service/features/forecast/forecast.repository.js';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const start = Date.UTC(2025, 10, 1);

function series(id: string, firstPrice: number, yearlyDecline: number, months: number): PriceObservation[] {
  return Array.from({ length: months }, (_, i) => {
    const at = start + (i * YEAR) / 12;
    return {
      transceiver_id: id,
      vendor_id: 'shop',
      currency: 'USD',
      price: firstPrice * (1 - yearlyDecline) ** ((at - start) / YEAR),
      observed_at: new Date(at).toISOString(),
      source: 'import',
    };
  });
}

describe('ASP decline from price observations', () => {
  it('recovers a 20 % yearly decline from one product series', () => {
    const result = aspDeclineFromObservations(series('a', 500, 0.2, 12));
    expect(result?.rate).toBeCloseTo(0.2, 10);
    expect(result?.observations).toBe(12);
    expect(result?.series).toBe(1);
  });

  it('pools series within products, so a cheap and an expensive product do not fake a trend', () => {
    // Expensive product observed only early, cheap only late: a naive regression would see a steep fall.
    const early = series('expensive', 2000, 0.1, 6);
    const late = series('cheap', 100, 0.1, 12).slice(6);
    const result = aspDeclineFromObservations([...early, ...late]);
    expect(result?.rate).toBeCloseTo(0.1, 10);
    expect(result?.series).toBe(2);
  });

  it('returns nothing with too few observations or too short a span', () => {
    expect(aspDeclineFromObservations(series('a', 500, 0.2, 4))).toBeUndefined();
    const sameWeek = Array.from({ length: 8 }, (_, i) => ({
      transceiver_id: 'a',
      vendor_id: 's',
      currency: 'USD',
      price: 100 - i,
      observed_at: new Date(start + i * DAY).toISOString(),
      source: 'import',
    }));
    expect(aspDeclineFromObservations(sameWeek)).toBeUndefined();
  });
});
