import { parseSpeed } from '../../../shared/speed.js';
import type { OfferAttributes, ScrapedOffer } from './scraped-offer.js';

/** The catalogue's own names, so a page's words are read against what the catalogue knows. */
export interface CatalogueVocabulary {
  formFactors: readonly string[];
  standards: ReadonlyArray<{ name: string; speed_gbps: number; reach_meters: number | null; medium: string }>;
}

const MEDIUM_FIBER: Record<string, string> = { multimode: 'MMF', 'single-mode': 'SMF', copper: 'copper' };

/**
 * What a shop's words say about a product: form factor and standard by the catalogue's names (longest first, so
 * "QSFP-DD800" is not read as "QSFP-DD"), speed and reach from the standard or from figures in the text ("400G",
 * "1.6T", "10 km", "100m"), fibre from the standard's medium or the words. Explicit facts (JSON-LD
 * additionalProperty, configured selectors) win over the product name.
 */
export function describeOffer(offer: Pick<ScrapedOffer, 'name' | 'facts'>, vocabulary: CatalogueVocabulary): OfferAttributes {
  const fact = (...keys: string[]) => keys.map((k) => offer.facts[k] ?? offer.facts[k.toLowerCase()]).find((v) => v !== undefined) ?? null;
  const all = [offer.name, ...Object.values(offer.facts)].join(' | ');

  const formFactor = findName(fact('formFactor', 'form factor'), vocabulary.formFactors) ?? findName(all, vocabulary.formFactors);
  const standardName =
    findName(
      fact('standard'),
      vocabulary.standards.map((s) => s.name),
    ) ??
    findName(
      all,
      vocabulary.standards.map((s) => s.name),
    );
  const standard = vocabulary.standards.find((s) => s.name === standardName) ?? null;

  const speedFact = fact('speed', 'data rate');
  const speedGbps =
    (speedFact ? (parseSpeed(speedFact.replace(/\s*(gb\/s|gbps|gbe|gbit\/s)$/i, 'G')) ?? speedIn(speedFact)) : null) ?? standard?.speed_gbps ?? speedIn(all);
  const reachFact = fact('reach', 'distance', 'max distance');
  const reachMeters = (reachFact ? reachIn(reachFact) : null) ?? reachIn(offer.name) ?? standard?.reach_meters ?? null;
  const fiberType = (standard ? (MEDIUM_FIBER[standard.medium] ?? null) : null) ?? fiberIn(all);
  return { formFactor, speedGbps, reachMeters, standard: standard?.name ?? null, fiberType };
}

function findName(text: string | null, names: readonly string[]): string | null {
  if (!text) return null;
  const sorted = [...names].sort((a, b) => b.length - a.length);
  for (const name of sorted) {
    const pattern = new RegExp(`(?<![A-Za-z0-9])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9+])`, 'i');
    if (pattern.test(text)) return name;
  }
  return null;
}

/** "400G", "1.6T", "100GbE", "10GBASE", "25 Gb/s": the first line rate written in the text. */
function speedIn(text: string): number | null {
  const match =
    /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s?([GT])(?:b\/s|bps|be|bit\/s|base)?(?![A-Za-z0-9])/i.exec(text) ??
    /(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)([GT])BASE/i.exec(text);
  if (!match) return null;
  return parseSpeed(`${match[1]}${match[2]}`) ?? null;
}

/** "10km", "10 km", "100m", "2 m", "0.5km"; wavelengths ("1310nm") are not reaches. */
function reachIn(text: string): number | null {
  const match = /(?<![A-Za-z0-9.])(\d+(?:[.,]\d+)?)\s?(km|m)(?![A-Za-z0-9])/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  return Math.round(match[2]!.toLowerCase() === 'km' ? value * 1000 : value);
}

function fiberIn(text: string): string | null {
  if (/\bAOC\b|active optical cable/i.test(text)) return 'AOC';
  if (/\bDAC\b|direct attach|twinax|\bcopper\b/i.test(text)) return 'copper';
  if (/\bSMF\b|single[- ]mode|singlemode|\bOS2\b/i.test(text)) return 'SMF';
  if (/\bMMF\b|multi[- ]mode|multimode|\bOM[345]\b/i.test(text)) return 'MMF';
  return null;
}
