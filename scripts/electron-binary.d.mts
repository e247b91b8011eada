// Types of electron-binary.mjs (plain JavaScript so `npm start` runs before any build).

export type BinaryStatus = { present: true; executable: string } | { present: false; reason: string };
export interface DownloadOutcome {
  ok: boolean;
  detail: string;
}
export type LaunchDecision = { mode: 'desktop'; executable: string } | { mode: 'headless'; reason: string };
type Env = Record<string, string | undefined>;

export function findElectronPackageDir(fromDir: string): string | undefined;
export function electronBinaryStatus(electronDir: string | undefined, env?: Env): BinaryStatus;
export function hasDisplay(env?: Env, platform?: NodeJS.Platform): boolean;
export function headlessBeforeDownload(options: { args: string[]; env?: Env; platform?: NodeJS.Platform; electronDir: string | undefined }): string | undefined;
export function decideLaunch(options: { forcedReason: string | undefined; status: BinaryStatus; download: DownloadOutcome | undefined }): LaunchDecision;
export function headlessLine(reason: string): string;
export function summarizeFailure(output: string, limit?: number): string;
export function downloadElectron(electronDir: string, options?: { timeoutMs?: number; nodePath?: string; env?: Env }): Promise<DownloadOutcome>;
export function exitCodeOf(code: number | null | undefined, signal: NodeJS.Signals | null | undefined): number;
