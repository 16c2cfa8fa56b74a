import type { Request, Response, Router } from 'express';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { one, type Queryable } from '../../db/database';
import type { RouteDeps } from '../../module';
import { categorySvg, frameSvg, swatchSvg, TRYON_PX_PER_MM, type FrameGeometry, type FrameView } from './frame-drawing';
import { CATEGORY_IDS } from './frames.seed-data';
import { ResizedCache, ResizePool, ResizeQueueFull, snappedSize } from './resize-limits';

/** The resized images' disk cap when none is set (MEDIA_CACHE_MAX_MB): 256 MB. */
export const DEFAULT_MEDIA_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** Widest image the media route makes (spec §9: the largest requested width is 2560). */
export const MAX_IMAGE_SIZE = 2560;
const FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
type Fit = (typeof FITS)[number];
type OutputFormat = 'png' | 'jpeg' | 'webp';

export interface ImageRequest {
  width: number | null;
  height: number | null;
  fit: Fit;
  format: OutputFormat | null;
  quality: number;
}

class MediaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FOLDERS = ['catalog/product', 'catalog/category', 'attribute/swatch'] as const;
type MediaFolder = (typeof FOLDERS)[number];

function sizeParam(name: string, raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value < 1)
    throw new MediaError(400, `The ${name} must be a whole number of pixels from 1 to ${MAX_IMAGE_SIZE}; got "${String(raw)}".`);
  if (value > MAX_IMAGE_SIZE) throw new MediaError(400, `The ${name} ${value} is larger than the ${MAX_IMAGE_SIZE} pixels this shop makes.`);
  return value;
}

/** Reads spec §9's image query: width, height, fit=cover, auto=webp, format=pjpg|png (and quality). */
export function imageRequestOf(query: Record<string, unknown>, accept: string): ImageRequest {
  const width = sizeParam('width', query.width);
  const height = sizeParam('height', query.height);
  const fitRaw = query.fit ?? 'cover';
  if (typeof fitRaw !== 'string' || !(FITS as readonly string[]).includes(fitRaw))
    throw new MediaError(400, `Unknown fit "${String(fitRaw)}": use one of ${FITS.join(', ')}.`);
  const formatRaw = query.format;
  const formats: Record<string, OutputFormat> = { pjpg: 'jpeg', jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };
  if (formatRaw !== undefined && (typeof formatRaw !== 'string' || !formats[formatRaw]))
    throw new MediaError(400, `Unknown format "${String(formatRaw)}": use pjpg, png or webp.`);
  const qualityRaw = query.quality;
  const quality = qualityRaw === undefined ? 82 : Number(qualityRaw);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100)
    throw new MediaError(400, `The quality must be a whole number from 1 to 100; got "${String(qualityRaw)}".`);
  // auto=webp wins over format when the browser takes WebP (as image CDNs do)
  const wantsWebp = query.auto === 'webp' && /image\/webp|\*\/\*/.test(accept) && /image\/webp/.test(accept);
  const format = wantsWebp ? 'webp' : formatRaw ? (formats[formatRaw as string] as OutputFormat) : null;
  return { width, height, fit: fitRaw as Fit, format, quality };
}

interface ProductMediaRow {
  view: FrameView;
  color_hex: string | null;
  color_value: string | null;
  shape: string;
  material: string;
  rim: string;
  lens_width: string;
  bridge_width: string;
  lens_height: string;
  frame_width: string;
  temple_length: string;
  is_sun: boolean;
}

/** Geometry for a catalog image: the configurable frame's (size M) measurements and the image's colour. */
async function productDrawing(q: Queryable, file: string): Promise<{ svg: string; density?: number } | null> {
  const row = await one<ProductMediaRow>(
    q,
    `SELECT m.view, o.swatch_value AS color_hex, o.value AS color_value, shape.value AS shape, material.value AS material, rim.value AS rim,
            f.lens_width, f.bridge_width, f.lens_height, f.frame_width, f.temple_length,
            EXISTS (SELECT 1 FROM catalog_category_product cp WHERE cp.product_id = f.id AND cp.category_id = $2) AS is_sun
     FROM catalog_product_media m
     JOIN catalog_product p ON p.id = m.product_id
     JOIN catalog_product f ON f.id = COALESCE(p.parent_id, p.id)
     LEFT JOIN catalog_attribute_option o ON o.option_id = m.color
     LEFT JOIN catalog_attribute_option shape ON shape.option_id = f.frame_shape
     LEFT JOIN catalog_attribute_option material ON material.option_id = f.frame_material
     LEFT JOIN catalog_attribute_option rim ON rim.option_id = f.rim_type
     WHERE m.file = $1 ORDER BY m.id LIMIT 1`,
    [file, CATEGORY_IDS.sunglasses],
  );
  if (!row) return null;
  const geometry: FrameGeometry = {
    shape: row.shape,
    material: row.material,
    rim: row.rim,
    lensWidth: Number(row.lens_width),
    bridgeWidth: Number(row.bridge_width),
    lensHeight: Number(row.lens_height),
    frameWidth: Number(row.frame_width),
    templeLength: Number(row.temple_length),
    colourHex: row.color_hex ?? '#1b1b1f',
    colourValue: row.color_value ?? 'black',
    sunLens: row.is_sun,
  };
  const { svg } = frameSvg(geometry, row.view);
  // the try-on PNG records its scale: TRYON_PX_PER_MM pixels per millimetre, as dots per inch
  return row.view === 'tryon' ? { svg, density: TRYON_PX_PER_MM * 25.4 } : { svg };
}

const CATEGORY_ACCENTS = ['#34495e', '#8e5b3a', '#2f6f6a', '#6a4c93', '#b5523b', '#3d6b35', '#a33b57', '#44546a'];

async function categoryDrawing(q: Queryable, file: string): Promise<{ svg: string } | null> {
  const category = await one<{ id: number; name: string }>(q, 'SELECT id, name FROM catalog_category WHERE image = $1', [file]);
  if (!category) return null;
  // drawn with the first frame of the category (or of its subcategories)
  const frame = await one<ProductMediaRow>(
    q,
    `SELECT shape.value AS shape, material.value AS material, rim.value AS rim, f.lens_width, f.bridge_width, f.lens_height, f.frame_width, f.temple_length,
            o.swatch_value AS color_hex, o.value AS color_value, false AS is_sun, 'front' AS view
     FROM catalog_product f
     JOIN catalog_attribute_option shape ON shape.option_id = f.frame_shape
     JOIN catalog_attribute_option material ON material.option_id = f.frame_material
     JOIN catalog_attribute_option rim ON rim.option_id = f.rim_type
     LEFT JOIN catalog_attribute_option o ON o.option_id = (SELECT v.color FROM catalog_product v WHERE v.parent_id = f.id ORDER BY v.id LIMIT 1)
     WHERE f.id IN (SELECT cp.product_id FROM catalog_category_product cp JOIN catalog_category c ON c.id = cp.category_id
                    WHERE c.id = $1 OR c.path LIKE (SELECT path FROM catalog_category WHERE id = $1) || '/%')
     ORDER BY f.sort_position LIMIT 1`,
    [category.id],
  );
  const g: FrameGeometry = {
    shape: frame?.shape ?? 'round',
    material: frame?.material ?? 'acetate',
    rim: frame?.rim ?? 'full-rim',
    lensWidth: Number(frame?.lens_width ?? 50),
    bridgeWidth: Number(frame?.bridge_width ?? 18),
    lensHeight: Number(frame?.lens_height ?? 40),
    frameWidth: Number(frame?.frame_width ?? 130),
    templeLength: Number(frame?.temple_length ?? 140),
    colourHex: frame?.color_hex ?? '#1b1b1f',
    colourValue: frame?.color_value ?? 'black',
    sunLens: category.id === CATEGORY_IDS.sunglasses,
  };
  return { svg: categorySvg(CATEGORY_ACCENTS[category.id % CATEGORY_ACCENTS.length] as string, g) };
}

async function swatchDrawing(q: Queryable, file: string): Promise<{ svg: string } | null> {
  const value = /^(?:\/?[a-z0-9]\/[a-z0-9]\/)?([a-z0-9-]+)\.png$/.exec(file)?.[1];
  if (!value) return null;
  const option = await one<{ swatch_value: string; value: string }>(
    q,
    "SELECT o.swatch_value, o.value FROM catalog_attribute_option o JOIN catalog_attribute a ON a.attribute_id = o.attribute_id WHERE a.attribute_code = 'color' AND o.value = $1",
    [value],
  );
  return option ? { svg: swatchSvg(option.swatch_value, option.value) } : null;
}

const inFlight = new Map<string, Promise<void>>();

/** Writes a file once even when several requests ask for it at the same time (write, then rename). */
async function produceOnce(path: string, make: () => Promise<Buffer>): Promise<boolean> {
  if (existsSync(path)) return false;
  let pending = inFlight.get(path);
  if (!pending) {
    pending = (async () => {
      const data = await make();
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, path);
    })().finally(() => inFlight.delete(path));
    inFlight.set(path, pending);
  }
  await pending;
  return true;
}

async function originalOf(deps: RouteDeps, folder: MediaFolder, file: string): Promise<string> {
  const path = join(deps.config.cacheDir, 'media', 'original', folder, file);
  if (existsSync(path)) return path;
  const drawing: { svg: string; density?: number } | null =
    folder === 'catalog/product'
      ? await productDrawing(deps.db, `/${file}`)
      : folder === 'catalog/category'
        ? await categoryDrawing(deps.db, file)
        : await swatchDrawing(deps.db, file);
  if (!drawing) throw new MediaError(404, `The image /${folder}/${file} does not exist.`);
  await produceOnce(path, () => {
    const image = sharp(Buffer.from(drawing.svg), { density: 72 });
    const density = drawing.density;
    return (density ? image.withMetadata({ density }) : image).png({ compressionLevel: 9 }).toBuffer();
  });
  return path;
}

const CONTENT_TYPES: Record<OutputFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** What bounds the resizing of one backend (ADR 037): how many run at once, and how much disk their files take. */
interface ResizeLimits {
  pool: ResizePool;
  cache: ResizedCache;
}

async function resized(
  deps: RouteDeps,
  limits: ResizeLimits,
  original: string,
  request: ImageRequest,
): Promise<{ path: string; format: OutputFormat; cached: boolean }> {
  const format = request.format ?? 'png';
  if (!request.width && !request.height && format === 'png') return { path: original, format, cached: true };
  const key = createHash('sha1')
    .update(JSON.stringify([original, request]))
    .digest('hex');
  const path = join(deps.config.cacheDir, 'media', 'resized', key.slice(0, 2), `${key}.${format === 'jpeg' ? 'jpg' : format}`);
  const made = await produceOnce(path, () => limits.pool.run(() => resize(original, request, format)));
  if (made) await limits.cache.added((await stat(path)).size);
  return { path, format, cached: !made };
}

async function resize(original: string, request: ImageRequest, format: OutputFormat): Promise<Buffer> {
  let image = sharp(await readFile(original));
  if (request.width || request.height) {
    image = image.resize({
      width: request.width ?? undefined,
      height: request.height ?? undefined,
      fit: request.fit,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: false,
    });
  }
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: request.quality, progressive: true, mozjpeg: true }).toBuffer();
  if (format === 'webp') return image.webp({ quality: request.quality }).toBuffer();
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** How long an unversioned media answer is kept: an hour (the picture at that URL may be replaced). */
export const MEDIA_MAX_AGE_SECONDS = 3600;

/**
 * Media under a versioned URL (`?v=<version or hash>`) never changes and is kept for a year; an
 * original's plain URL may get another picture (a re-upload keeps the file name), so it is kept
 * briefly and revalidated (unhashed originals were `immutable` for a year).
 */
export function mediaCacheControl(query: Record<string, unknown>): string {
  const version = query.v;
  return typeof version === 'string' && /^[\w.-]{1,64}$/.test(version)
    ? 'public, max-age=31536000, immutable'
    : `public, max-age=${MEDIA_MAX_AGE_SECONDS}, stale-while-revalidate=86400`;
}

/** A media path decoded; a broken percent-encoding (`%E0%A4%A`) is the client's error, a 400 (ADR 037). */
function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw).replace(/^\/+/, '');
  } catch {
    throw new MediaError(400, 'The image path is not a valid URL.');
  }
}

async function serveMedia(deps: RouteDeps, limits: ResizeLimits, req: Request, res: Response): Promise<void> {
  const path = decodedPath(req.path);
  const folder = FOLDERS.find((f) => path.startsWith(`${f}/`));
  const file = folder ? path.slice(folder.length + 1) : '';
  if (!folder || !file || file.split('/').some((part) => part === '..' || part === '.' || part === '') || !/^[\w./-]+$/.test(file)) {
    throw new MediaError(404, `The image /${path} does not exist.`);
  }
  const asked = imageRequestOf(req.query as Record<string, unknown>, req.get('accept') ?? '');
  const request = { ...asked, ...snappedSize(asked.width, asked.height) };
  const original = await originalOf(deps, folder, file);
  const out = await resized(deps, limits, original, request);
  res.set({
    'Content-Type': CONTENT_TYPES[out.format],
    'Cache-Control': mediaCacheControl(req.query as Record<string, unknown>),
    'X-Media-Cache': out.cached ? 'HIT' : 'MISS',
  });
  if (req.query.auto === 'webp') res.vary('Accept');
  // The cache lives under DATA_DIR, by default ./.data: a dot folder, which sendFile refuses unless told.
  res.sendFile(out.path, { dotfiles: 'allow' });
}

/** `GET /media/catalog/product/...`, `/media/catalog/category/...`, `/media/attribute/swatch/...`: drawn on first request, resized on demand. */
export function mountMediaRoutes(router: Router, deps: RouteDeps): void {
  const limits: ResizeLimits = {
    pool: new ResizePool(),
    cache: new ResizedCache(join(deps.config.cacheDir, 'media', 'resized'), deps.config.mediaCacheMaxBytes ?? DEFAULT_MEDIA_CACHE_MAX_BYTES),
  };
  router.use('/media', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Public catalog pictures, readable from any page: the try-on draws its frame picture on a canvas
    // (crossOrigin="anonymous"), also when the shop is opened under another name than its PUBLIC_URL.
    res.set('Access-Control-Allow-Origin', '*');
    serveMedia(deps, limits, req, res).catch((error: unknown) => {
      if (error instanceof ResizeQueueFull) {
        res.status(503).type('text/plain').set({ 'Cache-Control': 'no-store', 'Retry-After': '1' }).send(error.message);
        return;
      }
      if (error instanceof MediaError) {
        res.status(error.status).type('text/plain').set('Cache-Control', 'no-store').send(error.message);
        return;
      }
      next(error);
    });
  });
}
