/**
 * Step 5 of the reader (ADR 043): the words Tesseract read, with their boxes, read as a
 * prescription: which row is which eye (OD/OS, RE/LE, R/L, OG, OI, Rechts/Links…), which column is
 * which value (Sph/Sphère/Esfera/Sphäre/Sfeer, Cyl/Zyl/Cylindre/Cilindro/Cilinder, Axis/Axe/Achse/
 * Eje/As, Add/Addition/Adición, Prism/Prisme/Prisma, Base/Basis, PD/DP/EP/PA), the PD and the exam
 * date. Every value is kept as read (text and confidence), every read of a field kept: the next step
 * (interpret.ts) decides what is sure.
 */
import type { Eye, PrismBase } from '../../../rules/eyewear/prescription';
import type { OcrWord } from './recognise';

export type Column = 'sph' | 'cyl' | 'axis' | 'add' | 'prism' | 'prismBase' | 'pd';
export type DateOrder = 'dmy' | 'mdy';

export interface ValueRead {
  /** Normalised text: `-2.25`, `2.25` (no sign printed), `180`, `0` for plano, `` for "no cylinder", `up`… for a base, YYYY-MM-DD for a date. */
  text: string;
  /** Tesseract's confidence in the word(s), 0…100. */
  confidence: number;
  /** The date could be read either way round (both day and month ≤ 12, and the paper's order is a guess). */
  ambiguous?: boolean;
  /** The value stood far from the column it was given to (a cell OCR lost may have shifted it). */
  offColumn?: boolean;
  /** Read by the second reading of its cell (table-cells.ts), not the page's. */
  reread?: boolean;
  /** Read in the cell widened to the run of ink it holds, after the cell itself read nothing (table-cells.ts `inkRunBox`). */
  widened?: boolean;
  /** Read glyph by glyph by the glyph classifier (glyph-net.ts), not by Tesseract: a handwriting-like form's box. */
  glyphs?: boolean;
  /** Its word's box is far wider than its digits take: a digit was lost ("11" read over the ink of "111", `digitLost`). */
  digitLost?: boolean;
}

export type EyeReads = Partial<Record<Exclude<Column, 'pd'>, ValueRead[]>>;

export interface LayoutReading {
  od: EyeReads;
  os: EyeReads;
  pd: ValueRead[];
  pdRight: ValueRead[];
  pdLeft: ValueRead[];
  examDate: ValueRead[];
  /** Both eyes' rows were found. */
  foundTable: boolean;
  /** Where the chosen table stands on the page: its header's columns and each eye's row found (for a second reading of its cells). */
  table?: TableGeometry;
  /** Where the PD's and the exam date's values stand after their labels outside the table (for a second reading of them). */
  lines?: Partial<Record<'pd' | 'examDate', LabelLine>>;
}

/** A labelled line's value: from the end of its label (x0) to the next label or the line's end (x1, when known), its row's band. */
export interface LabelLine {
  x0: number;
  x1?: number;
  y0: number;
  y1: number;
  /** The label names the two eyes ("PD R/L", "EP Œil droit / Œil gauche"): two values follow. */
  perEye?: boolean;
}

/** A header's column: its word's centre and box. */
export interface HeaderColumn {
  column: Column;
  x: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Put back where the printed order puts it, its word not read (table-cells.ts `withLostColumns`): its values are marked. */
  putBack?: boolean;
}

export interface TableGeometry {
  header: readonly HeaderColumn[];
  /** Each eye's row found: the band of its words and, when OCR read its label, where the label ends. */
  rows: Partial<Record<Eye, { y0: number; y1: number; labelEnd?: number }>>;
}

/** Lower case, accents off, the punctuation around a word off. */
export function normaliseWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[œ]/gi, 'oe')
    .toLowerCase()
    .replace(/^[^a-z0-9+\-−–—±.,]+|[^a-z0-9]+$/g, '');
}

const RIGHT_EYE = new Set(['od', 'o.d', 're', 'r', 'right', 'rechts', 'droit', 'derecho', 'dcho', 'dch', 'der', 'rechter']);
const LEFT_EYE = new Set(['os', 'o.s', 'le', 'l', 'left', 'links', 'og', 'o.g', 'gauche', 'oi', 'o.i', 'izquierdo', 'izdo', 'izq', 'izqdo', 'linker']);

const COLUMN_WORDS: Record<Column, readonly string[]> = {
  sph: ['sph', 'sphere', 'sphare', 'esfera', 'esf', 'sfeer', 'sf', 's'],
  cyl: ['cyl', 'cylinder', 'cylindre', 'cilindro', 'cil', 'cilinder', 'zyl', 'zylinder', 'c'],
  axis: ['axis', 'axe', 'achse', 'eje', 'as', 'ax', 'a'],
  add: ['add', 'addition', 'adicion', 'adic', 'near'],
  prism: ['prism', 'prisme', 'prisma', 'prismen'],
  prismBase: ['base', 'basis'],
  pd: ['pd', 'p.d', 'dp', 'dnp', 'ep', 'pa', 'pupillary', 'pupillaire', 'pupilar', 'pupillendistanz', 'pupilafstand', 'ecart'],
};
/** Single letters count as column words only on a row that has longer ones too. */
const SHORT = new Set(['s', 'c', 'a', 'sf']);

/** Beginnings of the column words as OCR leaves them ("Sphdre", "Cyfndre", "Achsc"): whole words first, then these. */
const COLUMN_PREFIXES: ReadonlyArray<[RegExp, Column]> = [
  [/^(sph|sfe|esf)/, 'sph'],
  [/^(cyl|cil|zyl|cyi|cyf)/, 'cyl'],
  [/^(axi|achs|eje)/, 'axis'],
  [/^(addi|adic)/, 'add'],
  [/^pris/, 'prism'],
  [/^pupil/, 'pd'],
  // "PAR/L:", "PDR/L", "PD:" run together with what follows; "POR/L": "PD R/L" whose D OCR read as O
  [/^(pd|pa|dp|ep)(r?\/l|o\.?d\.?\/|[^a-z])/, 'pd'],
  [/^por?\/l/, 'pd'],
  // "MonoPDR/L:": "Mono PD R/L:" run together
  [/^mono(pd|pa)/, 'pd'],
];

export function columnOf(word: string): Column | null {
  const w = normaliseWord(word).replace(/\.$/, '');
  for (const [column, words] of Object.entries(COLUMN_WORDS) as [Column, readonly string[]][]) if (words.includes(w)) return column;
  if (w.length >= 3) for (const [prefix, column] of COLUMN_PREFIXES) if (prefix.test(w)) return column;
  // "PARechts", "EPOD/", "DPOD": the PD line's label run together with the right eye's ("PA Rechts / Links:", "EP OD/OG:").
  const glued = /^(pd|pa|dp|ep)(.{2,})$/.exec(w);
  if (glued && eyeOf(glued[2]!) === 'od') return 'pd';
  // "pupllar", "pupilafstnd": a long PD word with one letter misread.
  if (w.length >= 6 && LONG_PD_WORDS.some((label) => oneEditApart(label, w))) return 'pd';
  return null;
}

const LONG_PD_WORDS = COLUMN_WORDS.pd.filter((label) => label.length >= 6);

export function eyeOf(word: string): Eye | null {
  // OCR reads a label's O as 0 at times ("0D", "0S", "0oD"), and the S of "O.S." as 8 or 5.
  const w = normaliseWord(word)
    .replace(/\.$/, '')
    .replace(/^[0o]+(?=[dsgi]$)/, 'o')
    .replace(/^[0o]([.,])[58]$/, 'o.s')
    .replace(/^[0o]([.,])([dsgi])$/, 'o.$2');
  if (RIGHT_EYE.has(w)) return 'od';
  if (LEFT_EYE.has(w)) return 'os';
  // A longer label with one letter misread ("deho" for "dcho", "rechis"): still the label.
  if (w.length >= 4) {
    const right = [...RIGHT_EYE].some((label) => label.length >= 4 && oneEditApart(label, w));
    const left = [...LEFT_EYE].some((label) => label.length >= 4 && oneEditApart(label, w));
    if (right !== left) return right ? 'od' : 'os';
  }
  return null;
}

/** The two words differ by at most one letter replaced, added or dropped. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const BASE_WORDS: Record<PrismBase, readonly string[]> = {
  up: ['bu', 'up', 'haut', 'sup', 'oben', 'arriba', 'sup', 'boven'],
  down: ['bd', 'down', 'bas', 'inf', 'unten', 'abajo', 'onder'],
  in: ['bi', 'in', 'int', 'nasale', 'nasal', 'innen', 'binnen'],
  out: ['bo', 'out', 'ext', 'temporale', 'temporal', 'aussen', 'auen', 'buiten'],
};

export function baseOf(word: string): PrismBase | null {
  const w = normaliseWord(word).replace(/\.$/, '');
  for (const [base, words] of Object.entries(BASE_WORDS) as [PrismBase, readonly string[]][]) if (words.includes(w)) return base;
  return null;
}

const PLANO = new Set(['pl', 'plano', 'plan', 'planum']);
const NO_CYLINDER = new Set(['ds', 'sph', 'sphere', '—', '-', '–', 'dS']);

/**
 * A number as an optician prints it, with what OCR commonly makes of it mended: typographic minus
 * signs, comma decimals, `O` for 0, `l`/`I` for 1, a degree sign after an axis, `x` before it.
 * Null for anything else.
 */
export function numberText(word: string): string | null {
  let w = word
    .trim()
    .replace(/^[([]|[)\]]$/g, '')
    .replace(/[−–—]/g, '-')
    .replace(/^±/, '');
  if (PLANO.has(w.toLowerCase().replace(/\.$/, ''))) return '0';
  w = w.replace(/(mm|°|º)$/i, '').replace(/^[xX×]/, '');
  if (!/\d/.test(w)) return null;
  w = w.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1').replace(/,/g, '.');
  return /^[+-]?(\d{1,3}(\.\d{1,2})?|\.\d{1,2})$/.test(w) ? w : null;
}

/** `12/03/2026`, `12.03.2026`, `12-03-2026` (day-month or month-day as `order` says) → YYYY-MM-DD. */
export function dateText(word: string, order: DateOrder): { text: string; ambiguous: boolean } | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(word.trim().replace(/[,;]$/, ''));
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  let [day, month] = order === 'dmy' ? [a, b] : [b, a];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const check = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== text) return null;
  return { text, ambiguous: a <= 12 && b <= 12 && a !== b };
}

interface Row {
  words: OcrWord[];
  centre: number;
  height: number;
}

/** Words grouped into rows by the overlap of their heights, each row sorted left to right. */
export function rowsOf(words: readonly OcrWord[]): Row[] {
  const sorted = [...words].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: Row[] = [];
  for (const word of sorted) {
    const centre = (word.y0 + word.y1) / 2;
    const height = word.y1 - word.y0;
    const row = rows.find((r) => Math.abs(r.centre - centre) < Math.max(r.height, height) * 0.5);
    if (row) {
      row.words.push(word);
      row.centre = row.words.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / row.words.length;
      row.height = Math.max(row.height, height);
    } else rows.push({ words: [word], centre, height });
  }
  for (const row of rows) row.words.sort((a, b) => a.x0 - b.x0);
  return rows.sort((a, b) => a.centre - b.centre);
}

/** The columns a header row names, at their centres. */
function headerColumns(row: Row): HeaderColumn[] {
  const found: HeaderColumn[] = [];
  const longer = row.words.some((w) => {
    const c = columnOf(w.text);
    return c !== null && !SHORT.has(normaliseWord(w.text));
  });
  for (const word of row.words) {
    const column = columnOf(word.text);
    if (!column || (!longer && SHORT.has(normaliseWord(word.text)))) continue;
    // "Near Add", "Pupillary Distance", "Écart pupillaire": one column, whichever word names it.
    if (found.length && found[found.length - 1]!.column === column) continue;
    found.push({ column, x: (word.x0 + word.x1) / 2, x0: word.x0, x1: word.x1, y0: word.y0, y1: word.y1 });
  }
  return found;
}

/** The row's eye label: a label word before its first number. */
function eyeOfRow(row: Row): { eye: Eye; end: number } | null {
  for (let i = 0; i < row.words.length; i += 1) {
    const word = row.words[i]!;
    // "DP Œil droit / Œil gauche: 35,5 / 37", "½ EP Œil droit…" is the PD's line, not the right eye's row.
    if (columnOf(word.text) === 'pd') return null;
    if (numberText(word.text) !== null && !/^[a-z]+$/i.test(word.text)) return null;
    const eye = eyeOf(word.text);
    if (eye) {
      // "OD (Right)", "Œil droit": the label's other words are not values.
      let end = i;
      while (
        end + 1 < row.words.length &&
        (eyeOf(row.words[end + 1]!.text) === eye ||
          /^\(?(right|left|droit|gauche|rechts|links|derecho|izquierdo)\)?$/i.test(normaliseWord(row.words[end + 1]!.text)))
      )
        end += 1;
      return { eye, end };
    }
  }
  return null;
}

const EXAM_WORDS = /(exam|test|date|datum|fecha|examen|onderzoek|onderzocht|untersuchung|refraction|refraktion|revision|du)$/;
/** A birth date's label ("Geburtsdatum", "Geboortedatum", "Geb.datum" end as an exam date's would: read first). */
const BIRTH_WORDS = /(birth|dob|naissance|^nee?$|^ne\(e|^geb|nacim|^f\.?nac|geboorte)/;

/**
 * The order the paper writes dates in, and whether that is known. Month first is American: an
 * OD/OS paper (en-US; Dutch papers with OD/OS write dates with dashes) writing dates with slashes.
 * Words of a European language, or dots and dashes in dates, say day first.
 */
export function dateOrderOf(words: readonly OcrWord[]): { order: DateOrder; sure: boolean } {
  const all = words.map((w) => normaliseWord(w.text).replace(/\.$/, ''));
  const european = all.some((w) =>
    [
      're',
      'le',
      'og',
      'oi',
      'achse',
      'axe',
      'eje',
      'as',
      'zyl',
      'esfera',
      'esf',
      'sfeer',
      'cilinder',
      'cilindro',
      'rechts',
      'links',
      'droit',
      'gauche',
      'datum',
      'fecha',
    ].includes(w),
  );
  const slashDates = words.some((w) => /^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(w.text.trim().replace(/[,;.]$/, '')));
  const otherDates = words.some((w) => /^\d{1,2}[.-]\d{1,2}[.-]\d{2,4}$/.test(w.text.trim().replace(/[,;]$/, '')));
  const osLabel = words.some((w) => eyeOf(w.text) === 'os' && /^[0o]\.?[s58]/.test(normaliseWord(w.text)));
  if (european || otherDates) return { order: 'dmy', sure: true };
  if (osLabel && slashDates) return { order: 'mdy', sure: true };
  return { order: 'dmy', sure: false };
}

export function readLayout(words: readonly OcrWord[]): LayoutReading {
  const rows = rowsOf(words);
  const reading: LayoutReading = { od: {}, os: {}, pd: [], pdRight: [], pdLeft: [], examDate: [], foundTable: false };
  let header: HeaderColumn[] = [];
  // The rows under a header: each with its eye label, or none when OCR lost the label ("R", "L" alone are often missed).
  let table: Array<{ row: Row; eye: Eye | null; start: number; header: HeaderColumn[] }> = [];
  // A form's rows come before any header: they make a table of their own.
  const tables: (typeof table)[] = [table];
  const headers: HeaderColumn[][] = [];
  for (const row of rows) {
    let eyeRow = eyeOfRow(row);
    // Above any header, a row is a form's eye row only when values follow its label: "Patient: L. Moreau" is not the left eye.
    if (eyeRow && !header.length && !row.words.slice(eyeRow.end + 1).some((w) => numberText(w.text) !== null)) eyeRow = null;
    if (!eyeRow) {
      const columns = headerColumns(row);
      if (columns.length >= 2) {
        header = columns;
        headers.push(columns);
        table = [];
        tables.push(table);
        continue;
      }
      const values = row.words.filter((w) => numberText(w.text) !== null).length;
      if (header.length && values >= 2 && !row.words.some((w) => columnOf(w.text) === 'pd' || /\d[/.-]\d{1,2}[/.-]\d{2}/.test(w.text)))
        table.push({ row, eye: null, start: 0, header });
      continue;
    }
    table.push({ row, eye: eyeRow.eye, start: eyeRow.end + 1, header });
  }
  // The table with both eyes' rows, else the first one with rows.
  const chosen = tables.find((t) => t.some((r) => r.eye === 'od') && t.some((r) => r.eye === 'os')) ?? tables.find((t) => t.length) ?? [];
  const od = chosen.findIndex((r) => r.eye === 'od');
  const os = chosen.findIndex((r) => r.eye === 'os');
  // Opticians put the right eye first: a lost label is the other eye's row beside the one found.
  if (od < 0 && os < 0 && chosen.length >= 2) [chosen[0]!.eye, chosen[1]!.eye] = ['od', 'os'];
  else if (od >= 0 && os < 0 && chosen[od + 1]?.eye === null) chosen[od + 1]!.eye = 'os';
  else if (os >= 0 && od < 0 && os > 0 && chosen[os - 1]?.eye === null) chosen[os - 1]!.eye = 'od';
  const seenEyes = new Set<Eye>();
  // A header whose rows OCR lost entirely still says where the table stands.
  const geometry: TableGeometry = { header: chosen[0]?.header ?? headers.find((h) => h.length >= 3) ?? [], rows: {} };
  for (const entry of chosen) {
    if (!entry.eye) continue;
    seenEyes.add(entry.eye);
    readEyeRow(entry.row.words.slice(entry.start), entry.eye, entry.header, reading);
    const label = entry.row.words[entry.start - 1];
    geometry.rows[entry.eye] ??= {
      y0: Math.min(...entry.row.words.map((w) => w.y0)),
      y1: Math.max(...entry.row.words.map((w) => w.y1)),
      ...(label ? { labelEnd: label.x1 } : {}),
    };
  }
  reading.foundTable = seenEyes.size === 2;
  if (geometry.header.length >= 2) reading.table = geometry;
  readPdLines(rows, reading);
  readExamDate(rows, dateOrderOf(words), reading);
  return reading;
}

/** Values of one eye's row: each to the header column nearest it, or (a form) to the label just before it. */
function readEyeRow(words: OcrWord[], eye: Eye, header: readonly HeaderColumn[], reading: LayoutReading): void {
  // A form prints each value after its own label ("Sph -2.25 Cyl -0.75"); a table's row has no labels
  // (a "SPH" or "DS" in the cylinder's cell says "no cylinder").
  const labels = new Set(words.map((w) => columnOf(w.text)).filter((c) => c !== null));
  const inline = header.length === 0 || labels.size >= 2;
  let lastLabel: Column | null = null;
  let pendingSign = '';
  for (const word of words) {
    const label = columnOf(word.text);
    if (inline && label) {
      lastLabel = label;
      continue;
    }
    if (/^[+\-−–—]$/.test(word.text)) {
      pendingSign = word.text;
      continue;
    }
    const x = (word.x0 + word.x1) / 2;
    const column = inline ? lastLabel : nearestColumn(header, x);
    const offColumn = !inline && column !== null && isOffColumn(header, column, x);
    const base = baseOf(word.text);
    const value = numberText(pendingSign + word.text);
    pendingSign = '';
    if (!column) continue;
    const lost = column === 'axis' && digitLost(word, word.text);
    const read = (text: string): ValueRead => ({
      text,
      confidence: word.confidence,
      ...(offColumn ? { offColumn } : {}),
      ...(lost ? { digitLost: true } : {}),
    });
    // A PD past the header's last column: tables print the PD last, and OCR lost its header ("Mono PD"). Marked, as off its column.
    if (!inline && value !== null && isLostPd(header, x, value)) {
      (eye === 'od' ? reading.pdRight : reading.pdLeft).push({ text: value, confidence: word.confidence, offColumn: true });
      continue;
    }
    if (column === 'pd') {
      if (value !== null) (eye === 'od' ? reading.pdRight : reading.pdLeft).push(read(value));
      continue;
    }
    const cells = (reading[eye][column] ??= []);
    if (column === 'prismBase' || (column === 'prism' && base)) {
      if (base) (reading[eye].prismBase ??= []).push(read(base));
      continue;
    }
    if (value !== null) cells.push(read(value));
    else if (column === 'cyl' && NO_CYLINDER.has(normaliseWord(word.text))) cells.push(read(''));
  }
}

/** A printed digit is at most this wide for its word's height ("1" about 0.45, the others about 0.62), with room for a font's. */
const DIGIT_WIDTH = { one: 0.45, other: 0.62 } as const;
/** A whole number's box wider than this many times its digits' width lost one (measured on the slips: a right axis at most 1.41). */
const LOST_DIGIT_WIDTH = 1.6;

/** A word of digits alone read over more ink than they take: "11" read over the box of a printed "111" ("10°" is not digits alone). */
export function digitLost(word: Pick<OcrWord, 'x0' | 'x1' | 'y0' | 'y1'>, text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const ones = [...text].filter((c) => c === '1').length;
  const expected = (ones * DIGIT_WIDTH.one + (text.length - ones) * DIGIT_WIDTH.other) * (word.y1 - word.y0);
  return word.x1 - word.x0 > LOST_DIGIT_WIDTH * expected;
}

/** A one-eye PD (unsigned, 20–40 mm, whole or half) right of a header without a PD column, past half a column's gap. */
function isLostPd(header: readonly HeaderColumn[], x: number, value: string): boolean {
  if (header.length < 2 || header.some((h) => h.column === 'pd') || !/^\d{2}(\.5)?$/.test(value)) return false;
  if (Number(value) < 20 || Number(value) > 40) return false;
  const xs = header.map((h) => h.x).sort((a, b) => a - b);
  const gap = Math.min(...xs.slice(1).map((v, i) => v - xs[i]!));
  return x > xs[xs.length - 1]! + gap / 2;
}

/** Farther from its column's centre than a third of the narrowest gap between two columns. */
function isOffColumn(header: readonly HeaderColumn[], column: Column, x: number): boolean {
  const xs = header.map((h) => h.x).sort((a, b) => a - b);
  const gaps = xs.slice(1).map((v, i) => v - xs[i]!);
  const gap = gaps.length ? Math.min(...gaps) : Infinity;
  const centre = header.find((h) => h.column === column)!.x;
  return Math.abs(x - centre) > gap / 3;
}

function nearestColumn(header: readonly HeaderColumn[], x: number): Column | null {
  let best: HeaderColumn | null = null;
  for (const column of header) if (!best || Math.abs(column.x - x) < Math.abs(best.x - x)) best = column;
  return best?.column ?? null;
}

/** "PD 63", "PD: 63 mm", "PD R/L 31.5 / 32", "EP 31,5 / 32": a PD outside the table. */
function readPdLines(rows: readonly Row[], reading: LayoutReading): void {
  if (reading.pdRight.length || reading.pdLeft.length) return;
  for (const row of rows) {
    const at = row.words.findIndex((w) => columnOf(w.text) === 'pd');
    if (at < 0 || eyeOfRow(row)) continue;
    if (row.words.filter((w) => columnOf(w.text) !== null && columnOf(w.text) !== 'pd').length >= 2) continue;
    reading.lines = { ...reading.lines, pd: reading.lines?.pd ?? pdLineAt(row, at) };
    const values: ValueRead[] = [];
    // "PDR/L:31,5/32", "PDO.D./0.S.:30/31": the values run together with the label.
    const glued = /^[^:]*:(.+)$/.exec(row.words[at]!.text)?.[1];
    const after = [...(glued ? [{ ...row.words[at]!, text: glued }] : []), ...row.words.slice(at + 1)];
    for (const word of after) {
      // "R/L:29.5/30.5", "(Left):": what stands before a colon is the label's.
      for (const part of word.text.replace(/^[^:]*:/, '').split('/')) {
        const value = numberText(part);
        if (value !== null && Number(value) >= 20 && Number(value) <= 80) values.push({ text: value, confidence: word.confidence });
      }
    }
    if (values.length === 1) reading.pd.push(values[0]!);
    else if (values.length >= 2) {
      reading.pdRight.push(values[0]!);
      reading.pdLeft.push(values[1]!);
    }
  }
}

/** The PD line's value: after the label's colon (inside a word when OCR ran it into the values), else after its last word. */
function pdLineAt(row: Row, at: number): LabelLine {
  const band = { y0: Math.min(...row.words.map((w) => w.y0)), y1: Math.max(...row.words.map((w) => w.y1)) };
  const perEye = row.words.some((w, i) => i >= at && (eyeOf(w.text) !== null || /r\/l|o\.?d\.?\/|^mono$|^\(?(right|left|droit|gauche)/i.test(w.text)));
  for (let i = at; i < row.words.length; i += 1) {
    const word = row.words[i]!;
    const colon = word.text.indexOf(':');
    if (colon >= 0) return { x0: word.x0 + ((word.x1 - word.x0) * (colon + 1)) / word.text.length, ...band, perEye };
  }
  let end = at;
  while (end + 1 < row.words.length && numberText(row.words[end + 1]!.text) === null && !/\d/.test(row.words[end + 1]!.text)) end += 1;
  return { x0: row.words[end]!.x1, ...band, perEye };
}

function readExamDate(rows: readonly Row[], { order, sure }: { order: DateOrder; sure: boolean }, reading: LayoutReading): void {
  const labelled: ValueRead[] = [];
  const others: ValueRead[] = [];
  for (const row of rows) {
    // A row may hold several labels ("DOB: 07/08/1978   Date of exam: 01/07/2025"): a date is the last label's before it.
    let label: 'exam' | 'birth' | null = null;
    // Where this row's exam date label ends (its colon), and the line it opens.
    let line: LabelLine | null = null;
    for (let i = 0; i < row.words.length; i += 1) {
      const word = row.words[i]!;
      const text = normaliseWord(word.text);
      const before: 'exam' | 'birth' | null = label;
      if (BIRTH_WORDS.test(text)) label = 'birth';
      else if (EXAM_WORDS.test(text.replace(/\.$/, ''))) label = 'exam';
      if (line && line.x1 === undefined && (label !== before || /:$/.test(word.text)) && word.x0 > line.x0) line.x1 = word.x0;
      if (label === 'exam' && !line && (/:$/.test(word.text) || /\d/.test(row.words[i + 1]?.text ?? ''))) {
        line = { x0: word.x1, y0: Math.min(...row.words.map((w) => w.y0)), y1: Math.max(...row.words.map((w) => w.y1)) };
        if (!reading.lines?.examDate) reading.lines = { ...reading.lines, examDate: line };
      }
      const found = dateOfWords(row.words, i, order);
      if (!found) continue;
      i += found.words - 1;
      if (label === 'birth') continue;
      const read = { text: found.text, confidence: found.confidence, ...(found.ambiguous && !sure ? { ambiguous: true } : {}) };
      (label === 'exam' ? labelled : others).push(read);
    }
  }
  reading.examDate = labelled.length ? labelled : others;
}

/**
 * The date at `at` in a row: one word ("12/03/2026"), or up to three words OCR parted ("20 08 2026",
 * "02.06 2025"), as confident as the least sure of them.
 */
function dateOfWords(words: readonly OcrWord[], at: number, order: DateOrder): { text: string; ambiguous: boolean; confidence: number; words: number } | null {
  const single = dateText(words[at]!.text, order);
  if (single) return { ...single, confidence: words[at]!.confidence, words: 1 };
  const parts: OcrWord[] = [];
  for (let i = at; i < Math.min(words.length, at + 3); i += 1) {
    const word = words[i]!;
    if (!/^\d{1,4}[/.-]?(\d{1,4})?[/.-]?$/.test(word.text.trim())) break;
    // Parts of one date stand close: less than a digit's height apart.
    if (parts.length && word.x0 - parts[parts.length - 1]!.x1 > word.y1 - word.y0) break;
    parts.push(word);
    const joined = parts.map((p) => p.text.trim().replace(/[/.-]$/, '')).join(order === 'mdy' ? '/' : '.');
    const date = parts.length > 1 ? dateText(joined, order) : null;
    if (date && /\d{4}$/.test(joined)) return { ...date, confidence: Math.min(...parts.map((p) => p.confidence)), words: parts.length };
  }
  return null;
}
