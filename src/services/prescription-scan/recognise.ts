/**
 * Step 4 of the reader (ADR 043): Tesseract (tesseract.js, LSTM engine, English model without its
 * word dictionary) reads the cleaned page into words with their boxes and confidences. One worker is
 * created on first use and kept for every later photo; its script, core and model come from the
 * shop's own assets (never a CDN: the shop works offline, and the photo never leaves the device).
 */
import Tesseract, { type Worker } from 'tesseract.js';
import { encodePgm, type GreyImage } from './image';

export interface ReaderAssets {
  /** URL of tesseract.js's worker script; the core's script and WebAssembly sit beside it. */
  workerPath: string;
  /** URL of the core's script (the best build this browser runs). */
  corePath: string;
  /** URL of the folder holding `eng.traineddata`. */
  langPath: string;
}

export interface OcrWord {
  text: string;
  /** 0…100 */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Index of the text line the word is on (Tesseract's own line finding). */
  line: number;
}

/**
 * Page segmentation: "sparse text" (11) finds each word wherever it stands, which keeps the cells of
 * a table whose rules were removed; measured against single block (6) and automatic (3) in ADR 043.
 */
export const PAGE_SEGMENTATION = '11';

/** The parameters Tesseract reads with. */
export const OCR_PARAMETERS = {
  tessedit_pageseg_mode: PAGE_SEGMENTATION,
  preserve_interword_spaces: '1',
  user_defined_dpi: '300',
} as const;

let worker: Promise<Worker> | null = null;

/** The shared worker, made once (later calls get the same one, loading or loaded). */
export function ocrWorker(assets: ReaderAssets): Promise<Worker> {
  worker ??= (async () => {
    const created = await Tesseract.createWorker('eng', 1, {
      workerPath: assets.workerPath,
      corePath: assets.corePath,
      langPath: assets.langPath,
      gzip: false,
      // The service worker keeps the model; a second copy in IndexedDB would only use the shopper's storage.
      cacheMethod: 'none',
      workerBlobURL: false,
    });
    await created.setParameters(OCR_PARAMETERS as unknown as Parameters<Worker['setParameters']>[0]);
    return created;
  })().catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

interface TesseractBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractWord {
  text: string;
  confidence: number;
  bbox: TesseractBox;
}

/**
 * A table's cell read again (table-cells.ts): one line of text (7), only the characters its column
 * can hold.
 */
export const CELL_SEGMENTATION = '7';

type Parameters_ = Parameters<Worker['setParameters']>[0];

/** The words Tesseract reads on the image, in reading order, with their line. */
export async function recognise(assets: ReaderAssets, image: GreyImage): Promise<OcrWord[]> {
  const ocr = await ocrWorker(assets);
  // A cell's reading set its own parameters; the page is read with the page's.
  await ocr.setParameters({ ...OCR_PARAMETERS, tessedit_char_whitelist: '' } as unknown as Parameters_);
  const { data } = await ocr.recognize(encodePgm(image) as unknown as Parameters<Worker['recognize']>[0], {}, { blocks: true, text: false });
  return wordsOf(data.blocks ?? []);
}

/** The words of one enlarged cell, read as a single line of `characters` only. */
export async function recogniseCell(assets: ReaderAssets, image: GreyImage, characters: string): Promise<OcrWord[]> {
  const ocr = await ocrWorker(assets);
  await ocr.setParameters({ ...OCR_PARAMETERS, tessedit_pageseg_mode: CELL_SEGMENTATION, tessedit_char_whitelist: characters } as unknown as Parameters_);
  const { data } = await ocr.recognize(encodePgm(image) as unknown as Parameters<Worker['recognize']>[0], {}, { blocks: true, text: false });
  return wordsOf(data.blocks ?? []);
}

/** Tesseract's blocks → paragraphs → lines → words, flattened with a running line index. */
export function wordsOf(blocks: ReadonlyArray<{ paragraphs: ReadonlyArray<{ lines: ReadonlyArray<{ words: ReadonlyArray<TesseractWord> }> }> }>): OcrWord[] {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const textLine of paragraph.lines) {
        for (const word of textLine.words) {
          const text = word.text.trim();
          if (text) words.push({ text, confidence: word.confidence, ...word.bbox, line });
        }
        line += 1;
      }
    }
  }
  return words;
}
