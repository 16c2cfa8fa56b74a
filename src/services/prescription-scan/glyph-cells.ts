/**
 * A handwriting-like form's box read by the glyph classifier (ADR 043, "A glyph reader for a form's
 * handwritten values"): the box's run of ink (table-cells.ts `inkRunBox`) cut out grey, read glyph by
 * glyph (glyph-net.ts `readGlyphs`) and taken as its column prints a value (`cellValue`). A reading
 * independent of Tesseract's: it confirms the page's reading of the value or, when the two disagree,
 * leaves the field marked (interpret.ts `twoReadingsAgree`). Pure.
 */
import { readGlyphs, type GlyphNet } from './glyph-net';
import type { GreyImage } from './image';
import type { ValueRead } from './read-layout';
import { cellImage, cellValue, inkRunBox, type CellBox } from './table-cells';

export function glyphCellValue(page: GreyImage, cell: CellBox, net?: GlyphNet): ValueRead | null {
  const box = inkRunBox(page, cell);
  const image = cellImage(page, box, { grey: true });
  const reading = net ? readGlyphs(image, net) : readGlyphs(image);
  if (!reading) return null;
  const value = cellValue([reading], (reading.x0 + reading.x1) / 2, cell.column);
  return value ? { ...value, glyphs: true } : null;
}
