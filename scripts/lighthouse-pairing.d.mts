export interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  requestsBeforeReady: number | null;
}

export interface SideMedians {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  requestsBeforeReady: number;
}

export interface Ratios {
  lcp: number;
  tbt: number;
  performance: number;
}

export interface PairedSummary {
  shop: SideMedians;
  floor: SideMedians;
  ratios: Ratios;
  perRun: Ratios[];
}

export function median(values: readonly number[]): number;
export function ratio(shop: number, floor: number): number;
export function requestsBeforeReady(report: unknown): number | null;
export function pairedSummary(shop: readonly RunFigures[], floor: readonly RunFigures[]): PairedSummary;
