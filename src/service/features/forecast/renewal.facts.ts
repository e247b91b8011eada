/**
 * Renewal demand: installed modules that reach the end of their service life are replaced like for like, so a
 * technology's yearly shipments are its new adoption (the Bass curve) plus `share` of the modules retiring that year.
 * A share above 1 would mean the installed base grows beyond the modules it replaces; a share of 0, no renewal.
 * Modules retire over lifeYears - 2 .. lifeYears + 2 (RENEWAL_SPREAD). Every value is an estimate of this data set;
 * the shipment series (scripts/seed-builder) and the forecasts read this one list.
 */
export interface RenewalFact {
  technology: string;
  share: number;
  lifeYears: number;
  source: string;
}

const ENTERPRISE =
  "Estimate of this data set: enterprise, access and telecom platforms keep their ports about seven years and replace failed or retired optics like for like; the share is set so the Ethernet series meet LightCounting's 352 M (2010-2019) and 275 M (2021-2025) totals";
const DATA_CENTRE =
  'Estimate of this data set: data-centre switches are refreshed after about five years; ports kept in service (and 4x100G breakouts of 400G ports for 100G) are re-equipped like for like';

export const RENEWAL: RenewalFact[] = [
  { technology: '1G', share: 0.62, lifeYears: 7, source: ENTERPRISE },
  { technology: '10G', share: 0.62, lifeYears: 7, source: ENTERPRISE },
  { technology: '25G', share: 0.62, lifeYears: 7, source: ENTERPRISE },
  { technology: '40G', share: 0.6, lifeYears: 5, source: DATA_CENTRE },
  { technology: '100G', share: 1.0, lifeYears: 5, source: DATA_CENTRE },
  { technology: '400G', share: 0.8, lifeYears: 5, source: DATA_CENTRE },
  { technology: '800G', share: 0.8, lifeYears: 5, source: DATA_CENTRE },
  { technology: '1.6T', share: 0.8, lifeYears: 5, source: DATA_CENTRE },
];

/** Weights of retirement at lifeYears - 2 .. lifeYears + 2 years after shipment (they add up to 1). */
export const RENEWAL_SPREAD = [1, 2, 3, 2, 1].map((w) => w / 9);

export const NO_RENEWAL: Pick<RenewalFact, 'share' | 'lifeYears'> = { share: 0, lifeYears: 5 };

export function renewalOf(technology: string): Pick<RenewalFact, 'share' | 'lifeYears'> & { source: string | null } {
  const fact = RENEWAL.find((r) => r.technology === technology);
  return fact ? { share: fact.share, lifeYears: fact.lifeYears, source: fact.source } : { ...NO_RENEWAL, source: null };
}
