import { readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** Spec §9's image widths: the only widths the media route makes (ADR 037). */
export const SPEC_IMAGE_WIDTHS = [40, 80, 160, 320, 640, 960, 1280, 1600, 2560] as const;
/** Ratios (width over height) are kept to this step: spec §9's 0.8 and the try-on thumbnails' 2.4 stay exact. */
const RATIO_STEP = 0.05;
const MIN_RATIO = 0.25;
const MAX_RATIO = 4;

/** The spec width at or above `size` (the widest one for anything larger). */
export const specWidthOf = (size: number): number => SPEC_IMAGE_WIDTHS.find((w) => w >= size) ?? SPEC_IMAGE_WIDTHS[SPEC_IMAGE_WIDTHS.length - 1]!;

/**
 * The size the media route makes for an asked one: the width snapped up to a spec width, the height
 * to the one its ratio (rounded to 0.05, from 1:4 to 4:1) gives at that width. Any asked size maps to
 * one of a few hundred, so no client can make the shop draw and keep an image per pixel (ADR 037).
 */
export function snappedSize(width: number | null, height: number | null): { width: number | null; height: number | null } {
  if (width === null && height === null) return { width, height };
  if (width === null) return { width: null, height: specWidthOf(height!) };
  const snappedWidth = specWidthOf(width);
  if (height === null) return { width: snappedWidth, height: null };
  const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, Math.round(width / height / RATIO_STEP) * RATIO_STEP));
  return { width: snappedWidth, height: Math.round(snappedWidth / ratio) };
}

/** Thrown when the resize queue is full: the request is refused at once (503) rather than left waiting. */
export class ResizeQueueFull extends Error {}

/**
 * Runs resizes one per core at a time (sharp works on libuv's threads, not the one answering requests) and
 * queues at most `maxQueued` more; past that a resize is refused, so a flood of new sizes cannot
 * hold the process's memory or every core (ADR 037).
 */
export class ResizePool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxRunning = availableParallelism(),
    readonly maxQueued = 64,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxQueued) throw new ResizeQueueFull('Too many images are being made right now; try again in a moment.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Resizes running now, and waiting. */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * The resized images' folder kept under `maxBytes` (MEDIA_CACHE_MAX_MB): once a new file takes it
 * over, the oldest files are removed until it is at 80% (first made, first gone; a removed size is
 * made again when asked). The total is counted once from the disk, then kept as files are added.
 */
export class ResizedCache {
  private total: number | null = null;
  private trimming: Promise<void> | null = null;

  constructor(
    readonly folder: string,
    readonly maxBytes: number,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Counts a file just written, and trims the folder when it is over its cap. */
  async added(bytes: number): Promise<void> {
    this.total = (this.total ?? (await this.files()).reduce((sum, f) => sum + f.size, 0) - bytes) + bytes;
    if (this.total > this.maxBytes) await (this.trimming ??= this.trim().finally(() => (this.trimming = null)));
  }

  private async files(): Promise<{ path: string; size: number; made: number }[]> {
    const names = await readdir(this.folder, { recursive: true }).catch(() => [] as string[]);
    const found = await Promise.all(
      names.map(async (name) => {
        const path = join(this.folder, name);
        const info = await stat(path).catch(() => null);
        return info?.isFile() && !name.endsWith('.tmp') ? { path, size: info.size, made: info.mtimeMs } : null;
      }),
    );
    return found.filter((f): f is { path: string; size: number; made: number } => f !== null);
  }

  private async trim(): Promise<void> {
    const files = (await this.files()).sort((a, b) => a.made - b.made);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    let removed = 0;
    for (const file of files) {
      if (total <= this.maxBytes * 0.8) break;
      await rm(file.path, { force: true });
      total -= file.size;
      removed++;
    }
    this.total = total;
    this.log(`media cache: removed ${removed} resized images to stay under ${Math.round(this.maxBytes / 1048576)} MB`);
  }
}
