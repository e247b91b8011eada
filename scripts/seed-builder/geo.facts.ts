import type { CityFact } from './fact.types.js';

/** 25 European cities; coordinates of the city centre (WGS 84, 4 decimals). */
export const CITIES: CityFact[] = [
  { id: 'london', name: 'London', country: 'GB', lat: 51.5074, lon: -0.1278 },
  { id: 'dublin', name: 'Dublin', country: 'IE', lat: 53.3498, lon: -6.2603 },
  { id: 'paris', name: 'Paris', country: 'FR', lat: 48.8566, lon: 2.3522 },
  { id: 'marseille', name: 'Marseille', country: 'FR', lat: 43.2965, lon: 5.3698 },
  { id: 'amsterdam', name: 'Amsterdam', country: 'NL', lat: 52.3676, lon: 4.9041 },
  { id: 'brussels', name: 'Brussels', country: 'BE', lat: 50.8503, lon: 4.3517 },
  { id: 'luxembourg', name: 'Luxembourg', country: 'LU', lat: 49.6116, lon: 6.1319 },
  { id: 'frankfurt', name: 'Frankfurt am Main', country: 'DE', lat: 50.1109, lon: 8.6821 },
  { id: 'duesseldorf', name: 'Düsseldorf', country: 'DE', lat: 51.2277, lon: 6.7735 },
  { id: 'hamburg', name: 'Hamburg', country: 'DE', lat: 53.5511, lon: 9.9937 },
  { id: 'berlin', name: 'Berlin', country: 'DE', lat: 52.52, lon: 13.405 },
  { id: 'munich', name: 'Munich', country: 'DE', lat: 48.1351, lon: 11.582 },
  { id: 'zurich', name: 'Zurich', country: 'CH', lat: 47.3769, lon: 8.5417 },
  { id: 'geneva', name: 'Geneva', country: 'CH', lat: 46.2044, lon: 6.1432 },
  { id: 'milan', name: 'Milan', country: 'IT', lat: 45.4642, lon: 9.19 },
  { id: 'vienna', name: 'Vienna', country: 'AT', lat: 48.2082, lon: 16.3738 },
  { id: 'prague', name: 'Prague', country: 'CZ', lat: 50.0755, lon: 14.4378 },
  { id: 'warsaw', name: 'Warsaw', country: 'PL', lat: 52.2297, lon: 21.0122 },
  { id: 'copenhagen', name: 'Copenhagen', country: 'DK', lat: 55.6761, lon: 12.5683 },
  { id: 'stockholm', name: 'Stockholm', country: 'SE', lat: 59.3293, lon: 18.0686 },
  { id: 'oslo', name: 'Oslo', country: 'NO', lat: 59.9139, lon: 10.7522 },
  { id: 'helsinki', name: 'Helsinki', country: 'FI', lat: 60.1699, lon: 24.9384 },
  { id: 'madrid', name: 'Madrid', country: 'ES', lat: 40.4168, lon: -3.7038 },
  { id: 'barcelona', name: 'Barcelona', country: 'ES', lat: 41.3874, lon: 2.1686 },
  { id: 'lisbon', name: 'Lisbon', country: 'PT', lat: 38.7223, lon: -9.1393 },
];

export interface ProviderFact {
  id: string;
  name: string;
  countries: string[];
  networkType: string;
}

/** FICTIONAL fibre providers (is_demo = 1): invented names, so no route or price is attributed to a real carrier. */
export const FIBER_PROVIDERS: ProviderFact[] = [
  { id: 'rheinlicht-demo', name: 'Rheinlicht Fibre (demo)', countries: ['DE', 'NL', 'CH'], networkType: 'long-haul' },
  { id: 'northsea-demo', name: 'Northsea Lightpath (demo)', countries: ['GB', 'NL', 'BE', 'DK'], networkType: 'wavelength services' },
  { id: 'albion-demo', name: 'Albion Dark Fibre (demo)', countries: ['GB', 'IE'], networkType: 'dark fibre' },
  { id: 'hexagone-demo', name: 'Hexagone Réseaux (demo)', countries: ['FR', 'BE', 'LU'], networkType: 'long-haul' },
  { id: 'alpentrasse-demo', name: 'Alpentrasse Netz (demo)', countries: ['CH', 'AT', 'IT', 'DE'], networkType: 'long-haul' },
  { id: 'baltic-ring-demo', name: 'Baltic Ring Carrier (demo)', countries: ['DK', 'SE', 'FI', 'PL'], networkType: 'wavelength services' },
  { id: 'fjordnet-demo', name: 'Fjordnet Transport (demo)', countries: ['NO', 'SE'], networkType: 'dark fibre' },
  { id: 'iberlux-demo', name: 'Iberlux Fibra (demo)', countries: ['ES', 'PT'], networkType: 'long-haul' },
  { id: 'metrostrand-demo', name: 'Metrostrand (demo)', countries: ['DE'], networkType: 'metro' },
  { id: 'danubia-demo', name: 'Danubia Optical (demo)', countries: ['AT', 'CZ', 'DE'], networkType: 'long-haul' },
  { id: 'vistula-demo', name: 'Vistula Backbone (demo)', countries: ['PL', 'DE'], networkType: 'long-haul' },
  { id: 'lowlands-demo', name: 'Lowlands Glasvezel (demo)', countries: ['NL', 'BE'], networkType: 'metro' },
  { id: 'riviera-demo', name: 'Riviera Wave (demo)', countries: ['FR', 'IT', 'ES'], networkType: 'wavelength services' },
  { id: 'hanse-demo', name: 'Hanse Lichtweg (demo)', countries: ['DE', 'DK'], networkType: 'dark fibre' },
  { id: 'eurospan-demo', name: 'Eurospan Carrier (demo)', countries: ['GB', 'FR', 'DE', 'NL', 'ES', 'IT'], networkType: 'long-haul' },
];

/** City pairs of the 16 demo routes and their provider; route length is derived from the distance in the builder. */
export const FIBER_ROUTE_PAIRS: Array<{ a: string; b: string; provider: string }> = [
  { a: 'london', b: 'amsterdam', provider: 'northsea-demo' },
  { a: 'london', b: 'paris', provider: 'eurospan-demo' },
  { a: 'london', b: 'dublin', provider: 'albion-demo' },
  { a: 'paris', b: 'frankfurt', provider: 'hexagone-demo' },
  { a: 'amsterdam', b: 'frankfurt', provider: 'rheinlicht-demo' },
  { a: 'amsterdam', b: 'brussels', provider: 'lowlands-demo' },
  { a: 'frankfurt', b: 'munich', provider: 'metrostrand-demo' },
  { a: 'frankfurt', b: 'zurich', provider: 'alpentrasse-demo' },
  { a: 'hamburg', b: 'berlin', provider: 'hanse-demo' },
  { a: 'hamburg', b: 'copenhagen', provider: 'hanse-demo' },
  { a: 'copenhagen', b: 'stockholm', provider: 'baltic-ring-demo' },
  { a: 'stockholm', b: 'oslo', provider: 'fjordnet-demo' },
  { a: 'munich', b: 'vienna', provider: 'danubia-demo' },
  { a: 'berlin', b: 'warsaw', provider: 'vistula-demo' },
  { a: 'paris', b: 'marseille', provider: 'riviera-demo' },
  { a: 'madrid', b: 'lisbon', provider: 'iberlux-demo' },
];

/**
 * Route factor of the ESTIMATED routes: fibre follows motorways, railways and pipelines, so a route is longer than
 * the great circle. 1.3 is the middle of the 1.15-1.45 range the provider routes above were drawn from; an estimate
 * should be neither the best nor the worst case. Estimated km = great-circle km x 1.3.
 */
export const ESTIMATED_ROUTE_FACTOR = 1.3;

/**
 * ESTIMATED long-haul routes (is_estimated = 1, no provider: "to be sourced") that join the provider routes' four
 * separate pieces into one European backbone. Each pair follows a corridor where long-haul fibre runs along
 * motorways, railways or well-known subsea systems (noted per line); the length is an estimate, not a quote.
 * Dublin and Lisbon stay single-homed (one route each), as the demo's cities without a diverse second path.
 */
export const ESTIMATED_ROUTE_PAIRS: Array<{ a: string; b: string; corridor: string }> = [
  { a: 'paris', b: 'brussels', corridor: 'A1/E19 motorway via Lille' },
  { a: 'brussels', b: 'luxembourg', corridor: 'E411 motorway via Namur' },
  { a: 'luxembourg', b: 'frankfurt', corridor: 'A1/A60 via Trier and Mainz' },
  { a: 'paris', b: 'luxembourg', corridor: 'A4/A31 via Reims and Metz' },
  { a: 'brussels', b: 'duesseldorf', corridor: 'E40 motorway via Liège and Aachen' },
  { a: 'amsterdam', b: 'duesseldorf', corridor: 'A12/A3 via Utrecht and Arnhem' },
  { a: 'duesseldorf', b: 'frankfurt', corridor: 'A3 motorway via Cologne' },
  { a: 'duesseldorf', b: 'hamburg', corridor: 'A1 motorway via Dortmund and Bremen' },
  { a: 'amsterdam', b: 'hamburg', corridor: 'A1/A30 via Osnabrück and Bremen' },
  { a: 'frankfurt', b: 'berlin', corridor: 'A5/A4/A9 via Kassel and Leipzig' },
  { a: 'berlin', b: 'munich', corridor: 'A9 motorway via Leipzig and Nuremberg' },
  { a: 'berlin', b: 'prague', corridor: 'A13/D8 via Dresden' },
  { a: 'prague', b: 'munich', corridor: 'D5/A93 via Pilsen and Regensburg' },
  { a: 'prague', b: 'vienna', corridor: 'D1/A5 via Brno' },
  { a: 'prague', b: 'warsaw', corridor: 'via Wrocław and Łódź' },
  { a: 'munich', b: 'zurich', corridor: 'A96 via Lindau' },
  { a: 'munich', b: 'milan', corridor: 'Brenner corridor via Innsbruck and Verona' },
  { a: 'zurich', b: 'milan', corridor: 'Gotthard corridor via Lugano' },
  { a: 'zurich', b: 'geneva', corridor: 'A1 motorway via Bern and Lausanne' },
  { a: 'geneva', b: 'paris', corridor: 'A40/A6 via Mâcon' },
  { a: 'geneva', b: 'marseille', corridor: 'A41/A7 via Lyon and the Rhône valley' },
  { a: 'milan', b: 'marseille', corridor: 'A7/A10/A8 coast via Genoa and Nice' },
  { a: 'marseille', b: 'barcelona', corridor: 'A9/AP-7 via Montpellier and Perpignan' },
  { a: 'barcelona', b: 'madrid', corridor: 'A-2 motorway via Zaragoza' },
  { a: 'paris', b: 'madrid', corridor: 'A10/AP-1 via Bordeaux and Burgos' },
  { a: 'copenhagen', b: 'berlin', corridor: 'via Gedser-Rostock subsea landing' },
  { a: 'copenhagen', b: 'oslo', corridor: 'E6 via Gothenburg' },
  { a: 'stockholm', b: 'helsinki', corridor: 'Baltic Sea subsea systems via Åland' },
  { a: 'helsinki', b: 'warsaw', corridor: 'Via Baltica via Tallinn, Riga and Kaunas (Gulf of Finland crossing)' },
];
