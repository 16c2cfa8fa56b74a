/**
 * A handwriting-like form's box read by the glyph classifier (ADR 043, "A glyph reader for a form's
 * handwritten values"): the box's run of ink (table-cells.ts `inkRunBox`) cut out grey, read glyph by
 * glyph (glyph-net.ts `readGlyphs`) and taken as its column prints a value (`cellValue`). A reading
 * independent of Tesseract's: it confirms the page's reading of the value or, when the two disagree,
 * leaves the field marked (interpret.ts `twoReadingsAgree`). Pure.
 */
import { readGlyphs, type GlyphNet, type GlyphWord } from './glyph-net';
import type { GreyImage } from './image';
import { MIN_CONFIDENCE } from './interpret';
import type { ValueRead } from './read-layout';
import { cellImage, cellValue, inkRunBox, type Box, type CellBox } from './table-cells';

export function glyphCellValue(page: GreyImage, cell: CellBox, net?: GlyphNet): ValueRead | null {
  const box = inkRunBox(page, cell);
  const image = cellImage(page, box, { grey: true });
  const reading = net ? readGlyphs(image, net) : readGlyphs(image);
  if (!reading) return null;
  const value = cellValue([reading], (reading.x0 + reading.x1) / 2, cell.column);
  return value ? { ...value, glyphs: true } : null;
}

/**
 * A form's PD or exam-date line (label-lines.ts `LineBox`) read glyph by glyph: its words up to the
 * value's last number (one PD, two a slash apart, a date's three), so a handwritten "mm" after it,
 * which the classifier would read as digits, is left out. Each word's confidence is kept under the
 * marking threshold: the line's glyph reading alone never makes its value sure.
 */
export function glyphLineWords(page: GreyImage, box: Box, numbers: number, separators: RegExp, net?: GlyphNet): GlyphWord[] {
  const image = cellImage(page, box, { grey: true });
  const reading = net ? readGlyphs(image, net) : readGlyphs(image);
  if (!reading) return [];
  const out: GlyphWord[] = [];
  let found = 0;
  for (const word of reading.words) {
    if (found >= numbers) break;
    out.push({ ...word, confidence: Math.min(word.confidence, MIN_CONFIDENCE - 1) });
    found += word.text.split(separators).filter((part) => /\d/.test(part)).length;
  }
  return out;
}
