import type { TransportSpan } from '../../../../shared/api/sales/transport.schemas.js';
import type { OperatorOffer } from '../../catalogue/index.js';

/** The form factor coherent optics default to when the request names none: the router-port form of 400ZR/ZR+. */
export const DEFAULT_COHERENT_FORM_FACTOR = 'QSFP-DD';

/** Lower case without accents: "Düsseldorf" and "dusseldorf" name the same city. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

const COHERENT = new Set(['400ZR', 'OpenZR+']);

/**
 * Per standard, the product to sell: the requested coding when the operator has it, then the form factor the
 * platform takes (the requested one; for coherent optics QSFP-DD when none is named), then the cheapest priced one.
 */
export function productsByStandard(offers: readonly OperatorOffer[], coding: string | undefined, formFactor: string | undefined): Map<string, OperatorOffer> {
  const wantedCoding = coding === undefined ? undefined : fold(coding);
  const wantedForm = (standard: string): string | undefined =>
    formFactor !== undefined ? fold(formFactor) : COHERENT.has(standard) ? fold(DEFAULT_COHERENT_FORM_FACTOR) : undefined;
  const rank = (o: OperatorOffer): [number, number, number, string] => [
    wantedCoding !== undefined && fold(o.platform_coding ?? '') === wantedCoding ? 0 : 1,
    wantedForm(o.standard) === undefined || fold(o.form_factor) === wantedForm(o.standard) ? 0 : 1,
    o.price ?? Infinity,
    o.part_number,
  ];
  const before = (a: ReturnType<typeof rank>, b: ReturnType<typeof rank>): boolean => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  const best = new Map<string, OperatorOffer>();
  for (const offer of offers) {
    const current = best.get(offer.standard);
    if (!current || before(rank(offer), rank(current))) best.set(offer.standard, offer);
  }
  return best;
}

/** What the plan says about form factors: the default it took for coherent optics, or where the requested one is missing. */
export function formFactorNotes(spans: readonly TransportSpan[], formFactor: string | undefined): string[] {
  const notes: string[] = [];
  const coherent = [...new Set(spans.filter((s) => s.optic.kind === 'coherent').map((s) => s.optic.standard))];
  if (formFactor === undefined && coherent.length > 0) {
    notes.push(
      `Coherent optics (${coherent.join(', ')}) are offered in ${DEFAULT_COHERENT_FORM_FACTOR}, the router-port form factor of 400ZR/ZR+; name the form factor your platform takes (preferences.form_factor, e.g. "CFP2" or "OSFP") to get that one`,
    );
  }
  if (formFactor !== undefined) {
    const other = [...new Set(spans.filter((s) => fold(s.optic.form_factor) !== fold(formFactor)).map((s) => `${s.optic.standard} (${s.optic.form_factor})`))];
    if (other.length > 0) notes.push(`Not in the operator catalogue as ${formFactor}: ${other.join(', ')} is offered in the form factor it comes in`);
  }
  return notes;
}
