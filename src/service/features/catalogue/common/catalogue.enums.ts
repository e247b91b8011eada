/**
 * The closed vocabularies of the catalogue. Filters reject other values with a 400 that lists these, and
 * imports refuse rows outside them, so the data and the filters can never disagree.
 */
export const FIBER_TYPES = ['SMF', 'MMF', 'copper', 'AOC'] as const;
export type FiberType = (typeof FIBER_TYPES)[number];

/** none = a single wavelength (or copper); PSM = parallel single-mode lanes; SWDM = short-wave WDM on multimode. */
export const WDM_TYPES = ['none', 'CWDM', 'LWDM', 'DWDM', 'SWDM', 'BiDi', 'PSM', 'coherent'] as const;
export type WdmType = (typeof WDM_TYPES)[number];

export const DATA_CONFIDENCES = ['vendor_verified', 'enriched_estimated', 'scraped_unverified'] as const;
export type DataConfidence = (typeof DATA_CONFIDENCES)[number];

export const VENDOR_KINDS = ['operator', 'oem', 'competitor'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

export const CURRENCIES = ['USD', 'GBP', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const STANDARD_MEDIA = ['multimode', 'single-mode', 'copper'] as const;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
