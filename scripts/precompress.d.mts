export interface Precompressed {
  /** Files that were compressed. */
  files: number;
  /** Their bytes. */
  bytes: number;
  /** Bytes of the `.br` copies written. */
  br: number;
  /** Bytes of the `.gz` copies written. */
  gz: number;
}

export function precompress(dir: string): Promise<Precompressed>;
