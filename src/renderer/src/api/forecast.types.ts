/** Shapes of the forecasting API's answers (src/service/features/forecast/forecast.schemas.ts, what-if.schemas.ts). */
export interface Factor {
  name: 'port_shipment_share' | 'asp_decline' | 'standards_maturity' | 'interoperability' | 'vendor_trajectory' | 'media_sentiment';
  weight: number;
  value: number;
  unit: string;
  contribution: number;
  weighted: number;
  source: 'catalogue' | 'data set' | 'model';
  detail: string;
}

export interface AdoptionPoint {
  year: number;
  units_millions: number;
  cumulative_share: number;
}

export interface ModelInfo {
  method: 'fitted' | 'prior';
  p: number;
  q: number;
  m: number;
  launch_year: number;
  r2: number | null;
  converged: boolean | null;
  points: number;
  reason: string;
  source: string;
}

export interface HypeCycleEntry {
  name: string;
  category: string;
  speed_gbps: number | null;
  phase: string;
  phase_index: number;
  score: number;
  progress_in_phase: number;
  factors: Factor[];
  adoption_share_now: number;
  forecast_5y: AdoptionPoint[];
  model: ModelInfo;
}

export interface HypeCycleList {
  as_of: string;
  phases: string[];
  weights: Record<string, number>;
  technologies: HypeCycleEntry[];
}

export interface HypeCycleDetail extends HypeCycleEntry {
  as_of: string;
  description: string;
  standard: { name: string | null; body: string | null; stage: string; year: number | null; source: string };
  launch: { year: number; kind: string; source: string };
  peak_year: number;
  curve: AdoptionPoint[];
  risks: string[];
}

export interface RegionalAdoption {
  technology: string;
  as_of: string;
  regions: Array<{
    region: string;
    lag_years: number;
    price_index: number;
    market_share: number;
    segments: { hyperscaler: number; telco: number; enterprise: number };
    demand_share: number;
    market_potential_millions: number;
    adoption_share_now: number;
    forecast_5y: AdoptionPoint[];
    kind: string;
    source: string;
  }>;
}

export interface BassModelRequest {
  model: 'bass';
  p: number;
  q: number;
  m: number;
  periods: number;
}

export interface BassModelResponse {
  model: string;
  peak_time?: number;
  peak_rate?: number;
  cumulative?: number[];
  per_period?: number[];
}
