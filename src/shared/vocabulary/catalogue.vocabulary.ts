/**
 * The closed vocabularies of the catalogue, shared by the service (filters reject other values with a 400 that
 * lists these; imports refuse rows outside them) and the dashboard (its filter options), so the data, the filters
 * and the screens can never disagree. Plain `as const` arrays: the renderer bundles this file.
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
export type StandardMedium = (typeof STANDARD_MEDIA)[number];

/** Fields GET /api/transceivers sorts by; the dashboard's sortable column headers use the same names. */
export const TRANSCEIVER_SORT_FIELDS = ['part_number', 'name', 'speed_gbps', 'reach_meters', 'form_factor', 'vendor', 'data_confidence', 'updated_at'] as const;
export type TransceiverSortField = (typeof TRANSCEIVER_SORT_FIELDS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
