import { formatSpeed } from '../../../shared/speed.js';
import {
  DATA_CONFIDENCES,
  type DataConfidence,
  FIBER_TYPES,
  type FiberType,
  WDM_TYPES,
  type WdmType,
} from '../../../shared/vocabulary/catalogue.vocabulary.js';
import type { Translate } from '../i18n/translate.js';

/** The Ethernet line rates the catalogue spans (Gb/s; 1600 = 1.6T), for the speed filters. */
export const SPEEDS_GBPS = [1, 10, 25, 40, 50, 100, 200, 400, 800, 1600];

export const FIBER_OPTIONS: Array<[FiberType, string]> = FIBER_TYPES.map((v) => [v, v]);
export const SPEED_OPTIONS: Array<[string, string]> = SPEEDS_GBPS.map((v) => [String(v), formatSpeed(v)]);

export function wdmOptions(t: Translate): Array<[WdmType, string]> {
  return WDM_TYPES.map((v) => [v, v === 'none' ? t('filter.wdmNone') : v]);
}

export function confidenceOptions(t: Translate): Array<[DataConfidence, string]> {
  return DATA_CONFIDENCES.map((v) => [v, t(`confidence.${v}`)]);
}
