export function startBalancer(targets: { host: string; port: number }[], port?: number): Promise<{ port: number; given: number[]; close(): Promise<void> }>;
