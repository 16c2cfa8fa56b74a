/**
 * The prescription reader (ADR 043): a photo of a spectacle prescription → the prescription form's
 * draft with the fields to check (src/machines/prescription-scan/prescription-reading.ts). Runs in
 * the browser; the photo never leaves the device. Loaded only when the shopper asks to scan (the
 * scan machine's actor imports this module lazily), with its OCR script, core and model served from
 * the shop's own `/assets/prescription-reader-<hash>/` (scripts/vite-prescription-reader-assets.ts),
 * which the service worker keeps once fetched, so it works offline after the first scan.
 */
import { relaxedSimd, simd } from 'wasm-feature-detect';
import { READER_ASSET_BASE, READER_CORES } from 'virtual:prescription-reader-assets';
import type { ReadPrescriptionPhoto, ReadingStage } from '../../machines/prescription-scan/prescription-reading';
import { sharpen } from './clean-image';
import { toGrey, type GreyImage } from './image';
import { preparePage } from './prepare-page';
import { readPage } from './read-page';
import { ocrWorker, recognise, recogniseCell, type ReaderAssets } from './recognise';
import { mergeReadings, needsSecondLook } from './second-look';

/** The photo is decoded no larger than this (long side, pixels): a phone's 12 MP adds time, not detail. */
export const PHOTO_SIDE = 1600;

let assets: Promise<ReaderAssets> | null = null;

/** The core build this browser runs best: relaxed SIMD, else SIMD, else plain WebAssembly. */
function readerAssets(): Promise<ReaderAssets> {
  assets ??= (async () => {
    const core = (await relaxedSimd()) ? READER_CORES.relaxedSimd : (await simd()) ? READER_CORES.simd : READER_CORES.plain;
    const base = new URL(READER_ASSET_BASE, self.location.href).href;
    return { workerPath: `${base}worker.min.js`, corePath: `${base}${core}`, langPath: base.replace(/\/$/, '') };
  })();
  return assets;
}

function abortError(): DOMException {
  return new DOMException('The prescription reading was cancelled.', 'AbortError');
}

/** The promise, or an AbortError as soon as the signal fires (the shared OCR worker goes on and is kept). */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The photo's pixels as grey, its long side at most PHOTO_SIDE. */
async function decodePhoto(photo: Blob): Promise<GreyImage> {
  const bitmap = await createImageBitmap(photo);
  try {
    const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas to read the photo with');
    context.drawImage(bitmap, 0, 0, width, height);
    return toGrey(context.getImageData(0, 0, width, height));
  } finally {
    bitmap.close();
  }
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export const readPrescriptionPhoto: ReadPrescriptionPhoto = async (photo, options = {}) => {
  const { signal, onProgress } = options;
  const stage = (name: ReadingStage, fraction: number) => {
    if (signal?.aborted) throw abortError();
    onProgress?.(name, fraction);
  };
  stage('loading', 0);
  const where = await abortable(readerAssets(), signal);
  // The OCR worker loads (script, core, model) while the photo is prepared.
  const ready = ocrWorker(where);
  ready.catch(() => {});
  const grey = await abortable(decodePhoto(photo), signal);
  const page = preparePage(grey, (step) => stage(step, step === 'finding-page' ? 0.1 : 0.25));
  stage('recognising', 0.4);
  await abortable(ready, signal);
  const words = await abortable(recognise(where, page.image), signal);
  stage('reading-layout', 0.85);
  const today = todayOf(new Date());
  const readLine = (image: GreyImage, characters: string) => abortable(recogniseCell(where, image, characters), signal);
  const reading = await readPage(page.image, words, readLine, {
    today,
    rules: page.rules,
    onStep: (done, total) => stage('reading-layout', 0.85 + (0.1 * done) / total),
  });
  if (!needsSecondLook(reading)) {
    stage('reading-layout', 1);
    return reading;
  }
  // Step 5d: a page read poorly (a blurred photo) is sharpened and read once more; the first reading's values are kept.
  stage('reading-layout', 0.95);
  const sharpWords = await abortable(recognise(where, sharpen(page.image)), signal);
  const second = await readPage(page.image, sharpWords, readLine, { today, rules: page.rules });
  stage('reading-layout', 1);
  return mergeReadings(reading, second, { today });
};
