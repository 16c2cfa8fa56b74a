/**
 * Steps 5–6 of the reader (ADR 043) on a page Tesseract has read: its words read as a prescription
 * (read-layout.ts), interpreted (interpret.ts), then what that reading missed or marked read again —
 * the table's cells (table-cells.ts; a ruled table whose header OCR lost placed by its rules,
 * ruled-grid.ts) and the PD and exam date lines (label-lines.ts) — and
 * interpreted once more. The OCR of a cut-out line is the caller's (`readLine`): the browser's worker
 * (read-prescription.ts) or the benchmark's.
 */
import type { PrescriptionField } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import { formGrid, isBoxedForm } from './form-boxes';
import { glyphCellValue, glyphLineWords } from './glyph-cells';
import type { GreyImage } from './image';
import { MIN_CONFIDENCE, interpret } from './interpret';
import { LINE_CHARACTERS, dateLineValue, linesToReread, pdLineValue, withLineReads } from './label-lines';
import { dateOrderOf, readLayout, type ValueRead } from './read-layout';
import type { OcrWord } from './recognise';
import { gridTable, headerLost, otherGridColumn, type PageRules } from './ruled-grid';
import { CELL_CHARACTERS, cellCentre, cellImage, cellValue, cellsToReread, fieldOfCell, inkRunBox, lostAdd, withCellReads, type CellBox } from './table-cells';

const AXES: readonly PrescriptionField[] = ['od.axis', 'os.axis'];
const PDS: readonly PrescriptionField[] = ['pd', 'pdRight', 'pdLeft'];
const HANDWRITTEN: readonly PrescriptionField[] = ['od.sph', 'od.cyl', 'od.add', 'os.sph', 'os.cyl', 'os.add'];

/**
 * The fields sure only when the page's reading and a second reading of their cell or line agree
 * (interpret.ts `twoReadings`): every axis and PD (a digit lost or misread still reads as a plausible
 * one: "11" for "111", "68" for "65"), and on a handwriting-like form every power too (a handwritten
 * "2" read as "1").
 */
export function fieldsNeedingTwoReadings({ form }: { form: boolean }): ReadonlySet<PrescriptionField> {
  return new Set([...AXES, ...PDS, ...(form ? HANDWRITTEN : [])]);
}

/** Reads one cut-out line with only `characters` (single-line segmentation). */
export type ReadLine = (image: GreyImage, characters: string) => Promise<OcrWord[]>;

export async function readPage(
  page: GreyImage,
  words: readonly OcrWord[],
  readLine: ReadLine,
  { today, rules, onStep = () => {} }: { today: string; rules?: PageRules; onStep?: (done: number, total: number) => void },
): Promise<PrescriptionReading> {
  const layout = readLayout(words);
  // The fields that need two readings are marked by the first interpretation, so their cells and lines are read again.
  const handwritten = rules !== undefined && isBoxedForm(rules);
  const twoReadings = fieldsNeedingTwoReadings({ form: handwritten });
  const first = interpret(layout, { today, twoReadings, handwritten });
  // The fields marked only for want of a second reading: their cell's reading confirms the page's value, never replaces it.
  const alone = interpret(layout, { today });
  const confirming = new Set(first.unsure.filter((field) => !alone.unsure.includes(field)));
  // A ruled table whose header OCR lost: its columns and rows from its rules, every value read there marked.
  // A form's boxes placed by their sides when its header was lost (form-boxes.ts), every value read there marked too.
  const grid = rules && headerLost(layout) ? (gridTable(page, rules) ?? (handwritten ? formGrid(page, rules) : null)) : null;
  // A table read by OCR whose ADD word was lost: ADD put back after AXIS, its values marked.
  const add = !grid && layout.table ? lostAdd(layout.table.header) : null;
  const table = grid ?? (add && layout.table ? { ...layout.table, header: [...layout.table.header, add] } : null);
  const cells = cellsToReread(page, table ? { ...layout, table } : layout, first);
  const lines = linesToReread(page, layout, first);
  const total = cells.length + lines.length;
  let done = 0;
  // A value read in a table placed by its rules, or in a column put back (an ADD after AXIS), is marked.
  const fromGrid = (value: ValueRead | null, cell?: CellBox): ValueRead | null => (value && (grid || cell?.putBack) ? { ...value, offColumn: true } : value);
  const found: Array<{ cell: CellBox; value: ValueRead }> = [];
  const widened = (value: ValueRead | null): ValueRead | null => (value ? { ...value, widened: true } : value);
  for (const cell of cells) {
    onStep(done++, total);
    const read = async (box: CellBox, grey: boolean) =>
      fromGrid(cellValue(await readLine(cellImage(page, box, { grey }), CELL_CHARACTERS[cell.column]!), cellCentre(page, box), cell.column), cell);
    // The grey cell and the binarised one, the grey first: two that disagree leave the field marked.
    // When neither gives a value, the grey cell widened to the run of ink it holds (a form's box).
    const grey = await read(cell, true);
    const binary = await read(cell, false);
    const values = grey || binary ? [binary, grey] : [widened(await read(inkRunBox(page, cell), true))];
    for (const value of values) if (value) found.push({ cell, value });
    // A ruled table's fourth column placed by its rules that read as no power: the eyes' PDs, read as a PD's cell.
    const instead = grid && !handwritten && !values.some(Boolean) ? otherGridColumn(cell.column) : null;
    if (instead) {
      const other: CellBox = { ...cell, column: instead };
      for (const grey of [true, false]) {
        const value = fromGrid(cellValue(await readLine(cellImage(page, other, { grey }), CELL_CHARACTERS[instead]!), cellCentre(page, other), instead));
        if (value) found.push({ cell: other, value });
      }
    }
    // A form's handwritten box read glyph by glyph too: a reading of its own, independent of Tesseract's.
    // Sure only when another reading agrees: a field that needs no second reading (a prism) keeps it under the marking threshold.
    const glyphRead = handwritten ? glyphCellValue(page, cell) : null;
    const glyphs = glyphRead && cell.putBack ? { ...glyphRead, offColumn: true } : glyphRead;
    const underThreshold = (value: ValueRead) => ({ ...value, confidence: Math.min(value.confidence, MIN_CONFIDENCE - 1) });
    if (glyphs) found.push({ cell, value: twoReadings.has(fieldOfCell(cell.eye, cell.column)) ? glyphs : underThreshold(glyphs) });
  }
  let lineReads: Parameters<typeof withLineReads>[1] = {};
  const dateOrder = dateOrderOf(words);
  for (const line of lines) {
    onStep(done++, total);
    // The binarised line first; a blurred line whose threshold filled its digits in, grey.
    for (const grey of [false, true]) {
      const read = await readLine(cellImage(page, line, { grey }), LINE_CHARACTERS[line.field]);
      const value = line.field === 'pd' ? pdLineValue(read, line.perEye) : dateLineValue(read, { ...dateOrder, today });
      if (!value) continue;
      lineReads = { ...lineReads, ...('text' in value ? { examDate: value } : value) };
      break;
    }
    // A form's handwritten line Tesseract read nothing in: read glyph by glyph, always marked.
    const wanted = line.field === 'pd' ? (line.perEye ? lineReads.right : lineReads.pd) : lineReads.examDate;
    if (!handwritten || wanted) continue;
    const value =
      line.field === 'pd'
        ? pdLineValue(glyphLineWords(page, line, line.perEye ? 2 : 1, /\//), line.perEye)
        : dateLineValue(glyphLineWords(page, line, 3, /[/.-]/), { ...dateOrder, today });
    if (value) lineReads = { ...lineReads, ...('text' in value ? { examDate: { ...value, glyphs: true } } : value) };
  }
  if (!found.length && !Object.values(lineReads).some(Boolean)) return first;
  return interpret(withLineReads(withCellReads(layout, found, confirming), lineReads), { today, twoReadings, handwritten });
}
