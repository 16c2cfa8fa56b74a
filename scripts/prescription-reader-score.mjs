// How the prescription reader's benchmark (scripts/bench-prescription-reader.mjs) scores one reading
// against a slip's truth (the test set's manifest, tests/prescription-slips/): a field is right when
// its number (or date, or base) equals the truth's; wrong when the reader filled another value; missed
// when it filled nothing. A wrong value the reader did not mark unsure is the failure that matters.

/** The field's value in a draft (`od.sph` → draft.od.sph). */
export function fieldValue(draft, field) {
  const [a, b] = field.split('.');
  return (b === undefined ? draft[a] : draft[a]?.[b]) ?? '';
}

function same(truth, read) {
  const t = String(truth).trim();
  const r = String(read).trim();
  if (t === r) return true;
  if (t === '' || r === '') return false;
  const tn = Number(t.replace(',', '.'));
  const rn = Number(r.replace(',', '.'));
  return Number.isFinite(tn) && Number.isFinite(rn) && Math.abs(tn - rn) < 1e-9;
}

/** Per printed field: 'right' | 'wrong' | 'missed', and whether the reader marked it unsure. */
export function scoreReading(slip, reading) {
  const unsure = new Set(reading?.unsure ?? []);
  return slip.fields.map((field) => {
    const truth = fieldValue(slip.truth, field);
    const read = reading ? fieldValue(reading.draft, field) : '';
    const outcome = same(truth, read) ? 'right' : read === '' ? 'missed' : 'wrong';
    return { field, truth, read, outcome, unsure: unsure.has(field) };
  });
}

/** Totals of scored fields: right share, wrong left unflagged, right but flagged. */
export function tally(scores) {
  const t = { fields: 0, right: 0, wrong: 0, missed: 0, wrongUnflagged: 0, flaggedRight: 0 };
  for (const s of scores) {
    t.fields += 1;
    t[s.outcome] += 1;
    if (s.outcome === 'wrong' && !s.unsure) t.wrongUnflagged += 1;
    if (s.outcome === 'right' && s.unsure) t.flaggedRight += 1;
  }
  return t;
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
