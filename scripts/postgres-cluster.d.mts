export function postgresBinDir(): string | null;
export function postgresUnavailableReason(): string | null;
export function ensurePostgresInstalled(): string;
export function startThrowawayCluster(options?: { database?: string; port?: number }): Promise<{ url: string; stop(): void }>;
