import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FIXTURE_SAVED_PRESCRIPTIONS } from '../customise/customise.fixtures';
import { FIXTURE_FIX_ORDER, FIXTURE_TWO_LINE_FIX_ORDER } from './prescription.fixtures';
import { formPrescriptionOf, prescriptionFormMachine, visibleFormIssuesOf } from './prescription-form.machine';
import { prescriptionFixMachine, type FixedLine, type FixPrescriptionInput, type PrescriptionFixOrder } from './prescription-fix.machine';
import { draftOfPrescription, emptyPrescriptionDraft } from '../../../rules/eyewear/prescription';
import { savedPrescriptionsMachine, type SavedPrescriptionInput } from './saved-prescriptions.machine';

const TODAY = '2026-03-01';

/** The form for single-vision distance lenses, empty. */
function startDistanceForm() {
  return createActor(prescriptionFormMachine, { input: { usage: 'SINGLE_VISION_DISTANCE', draft: emptyPrescriptionDraft(), today: TODAY } }).start();
}

/** The form for single-vision distance lenses, filled in completely with `odSph` for the right eye. */
function distanceFormWithOdSph(odSph: string) {
  const form = startDistanceForm();
  for (const [field, value] of [
    ['od.sph', odSph],
    ['os.sph', '-1.25'],
    ['pd', '63'],
    ['examDate', '2025-09-15'],
  ] as const)
    form.send({ type: 'prescription.change', field, value });
  return form;
}

describe('prescriptionForm (eyewear notes "Prescription rules"): the one form of the prescription pages', () => {
  it('a problem shows once its field is left, every problem once submitted; what was typed is kept', () => {
    const form = startDistanceForm();
    form.send({ type: 'prescription.change', field: 'od.sph', value: '-2.30' });
    expect(visibleFormIssuesOf(form.getSnapshot())).toEqual({});
    form.send({ type: 'prescription.leaveField', field: 'od.sph' });
    expect(Object.keys(visibleFormIssuesOf(form.getSnapshot()))).toEqual(['od.sph']);
    form.send({ type: 'prescription.showAllIssues' });
    expect(form.getSnapshot().matches({ issues: 'checked' })).toBe(true);
    expect(Object.keys(visibleFormIssuesOf(form.getSnapshot()))).toEqual(expect.arrayContaining(['od.sph', 'os.sph', 'pd', 'examDate']));
    expect(form.getSnapshot().context.draft.od.sph).toBe('-2.30');
    expect(formPrescriptionOf(form.getSnapshot())).toBeNull();
  });

  it('eyewear rules: switching to progressive keeps SPH and needs ADD and dual PD', () => {
    const form = distanceFormWithOdSph('-1.00');
    expect(formPrescriptionOf(form.getSnapshot())).not.toBeNull();
    form.send({ type: 'prescription.setUsage', usage: 'PROGRESSIVE' });
    expect(form.getSnapshot().context.draft.od.sph).toBe('-1.00');
    expect(formPrescriptionOf(form.getSnapshot())).toBeNull();
  });

  it('a stored prescription loaded into the form replaces what was typed, kept to what applies to the usage', () => {
    const form = startDistanceForm();
    form.send({ type: 'prescription.change', field: 'od.sph', value: '-9' });
    form.send({ type: 'prescription.leaveField', field: 'od.sph' });
    const saved = FIXTURE_SAVED_PRESCRIPTIONS[0]!;
    form.send({ type: 'prescription.load', draft: { ...draftOfPrescription(saved), od: { ...draftOfPrescription(saved).od, add: '+2.00' } } });
    expect(form.getSnapshot().context.draft.od).toMatchObject({ sph: '-2.25', add: '' });
    expect(form.getSnapshot().context.touched).toEqual([]);
    expect(formPrescriptionOf(form.getSnapshot())?.od.sph).toBe(-2.25);
  });

  it('eyewear notes "Prescription rules": the SPH range of the frame the lenses go in is checked, beside the field', () => {
    const form = distanceFormWithOdSph('-7.00');
    expect(formPrescriptionOf(form.getSnapshot())).not.toBeNull();
    form.send({ type: 'prescription.setFrame', frame: { lensHeight: 26, rimType: 'rimless', sphMin: -6, sphMax: 6, cylMax: 3 } });
    form.send({ type: 'prescription.leaveField', field: 'od.sph' });
    expect(formPrescriptionOf(form.getSnapshot())).toBeNull();
    expect(Object.keys(visibleFormIssuesOf(form.getSnapshot()))).toEqual(['od.sph']);
  });
});

/** What the backend answers for a line corrected: the link stays open when `linkOpen`. */
const fixedLine = (input: FixPrescriptionInput, linkOpen = false): FixedLine => ({ orderNumber: input.orderNumber, lineUid: input.lineUid, linkOpen });

function startFix(
  key: string,
  send: (input: FixPrescriptionInput) => Promise<FixedLine>,
  fetch: () => Promise<PrescriptionFixOrder> = async () => FIXTURE_FIX_ORDER,
) {
  const machine = prescriptionFixMachine.provide({
    actors: { fetchFixOrder: fromPromise(() => fetch()), fixPrescription: fromPromise(({ input }: { input: FixPrescriptionInput }) => send(input)) },
  });
  return createActor(machine, { input: { orderNumber: '000000001', key, today: TODAY } }).start();
}

describe('prescriptionFix (spec §2 /prescriptionfix/{order_id}/{key_fix?})', () => {
  it('spec §2: a link without its key asks the backend nothing', () => {
    let fetched = false;
    const fix = startFix(
      '',
      async (input) => fixedLine(input),
      async () => {
        fetched = true;
        return FIXTURE_FIX_ORDER;
      },
    );
    expect(fix.getSnapshot().matches('missingKey')).toBe(true);
    expect(fetched).toBe(false);
  });

  it('a wrong or used link is the backend’s words', async () => {
    const fix = startFix(
      'bad',
      async (input) => fixedLine(input),
      () => Promise.reject(new Error('This prescription fix link has already been used.')),
    );
    const invalid = await waitFor(fix, (s) => s.matches('invalid'));
    expect(invalid.context.error).toBe('This prescription fix link has already been used.');
  });

  it('starts from the prescription of the order’s one line, refuses an invalid one without sending, then sends the corrected one once', async () => {
    const sent: FixPrescriptionInput[] = [];
    const fix = startFix('k', async (input) => {
      sent.push(input);
      return fixedLine(input);
    });
    const editing = await waitFor(fix, (s) => s.matches({ editing: 'form' }));
    const form = editing.context.form!;
    expect(form.getSnapshot().context.draft.od.sph).toBe('-2.25');
    form.send({ type: 'prescription.change', field: 'examDate', value: '2015-01-01' });
    fix.send({ type: 'prescriptionFix.submit' });
    expect(fix.getSnapshot().matches({ editing: 'form' })).toBe(true);
    expect(form.getSnapshot().matches({ issues: 'checked' })).toBe(true);
    expect(sent).toEqual([]);
    form.send({ type: 'prescription.change', field: 'examDate', value: '2025-09-15' });
    form.send({ type: 'prescription.change', field: 'od.sph', value: '-2.75' });
    fix.send({ type: 'prescriptionFix.setComment', comment: '  New glasses  ' });
    fix.send({ type: 'prescriptionFix.submit' });
    const fixed = await waitFor(fix, (s) => s.matches('fixed'));
    expect(fixed.context.fixed).toEqual({ orderNumber: '000000001', lineUid: 'MQ==', linkOpen: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      orderNumber: '000000001',
      key: 'k',
      lineUid: 'MQ==',
      comment: 'New glasses',
      prescription: { od: { sph: -2.75 }, exam_date: '2025-09-15' },
    });
  });

  it('a refused send keeps every value with the backend’s message', async () => {
    const fix = startFix('k', () => Promise.reject(new Error('This prescription fix link has already been used.')));
    const editing = await waitFor(fix, (s) => s.matches({ editing: 'form' }));
    editing.context.form!.send({ type: 'prescription.change', field: 'od.sph', value: '-3.00' });
    fix.send({ type: 'prescriptionFix.submit' });
    const failed = await waitFor(fix, (s) => s.matches({ editing: 'form' }) && s.context.error !== null);
    expect(failed.context.error).toBe('This prescription fix link has already been used.');
    expect(failed.context.form!.getSnapshot().context.draft.od.sph).toBe('-3.00');
  });

  it('ADR 041: an order of several lines asks which frame to correct; the form starts from that line and sends its uid', async () => {
    const sent: FixPrescriptionInput[] = [];
    const fix = startFix(
      'k',
      async (input) => {
        sent.push(input);
        return fixedLine(input, true);
      },
      async () => FIXTURE_TWO_LINE_FIX_ORDER,
    );
    await waitFor(fix, (s) => s.matches('choosing'));
    expect(fix.getSnapshot().context.form).toBeNull();
    // The plain-lens line carries no prescription: it cannot be chosen.
    fix.send({ type: 'prescriptionFix.chooseLine', uid: 'MTM=' });
    expect(fix.getSnapshot().matches('choosing')).toBe(true);
    fix.send({ type: 'prescriptionFix.chooseLine', uid: 'MTI=' });
    const editing = fix.getSnapshot();
    expect(editing.matches({ editing: 'form' })).toBe(true);
    expect(editing.context.lineUid).toBe('MTI=');
    const form = editing.context.form!;
    expect(form.getSnapshot().context.usage).toBe('PROGRESSIVE');
    expect(form.getSnapshot().context.draft.od).toMatchObject({ sph: '-1.00', add: '+2.00' });
    form.send({ type: 'prescription.change', field: 'od.add', value: '+2.25' });
    fix.send({ type: 'prescriptionFix.submit' });
    const fixed = await waitFor(fix, (s) => s.matches('fixed'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ lineUid: 'MTI=', prescription: { usage: 'PROGRESSIVE', od: { sph: -1, add: 2.25 } } });
    expect(fixed.context).toMatchObject({ fixed: { lineUid: 'MTI=', linkOpen: true }, lineUid: null, form: null });
  });

  it('ADR 041: switching line drops what was typed for the other; after a fix with the link still open the order is read again', async () => {
    let fetched = 0;
    const fix = startFix(
      'k',
      async (input) => fixedLine(input, true),
      async () => {
        fetched += 1;
        return fetched === 1
          ? FIXTURE_TWO_LINE_FIX_ORDER
          : {
              ...FIXTURE_TWO_LINE_FIX_ORDER,
              items: FIXTURE_TWO_LINE_FIX_ORDER.items.map((i) => (i.uid === 'MQ==' ? { ...i, correctedAt: '2026-03-01T10:00:00Z' } : i)),
            };
      },
    );
    await waitFor(fix, (s) => s.matches('choosing'));
    fix.send({ type: 'prescriptionFix.chooseLine', uid: 'MTI=' });
    fix.getSnapshot().context.form!.send({ type: 'prescription.change', field: 'od.sph', value: '-4.00' });
    fix.send({ type: 'prescriptionFix.chooseLine', uid: 'MQ==' });
    const first = fix.getSnapshot().context;
    expect(first.lineUid).toBe('MQ==');
    expect(first.form!.getSnapshot().context.draft.od.sph).toBe('-2.25');
    fix.send({ type: 'prescriptionFix.submit' });
    await waitFor(fix, (s) => s.matches('fixed'));
    fix.send({ type: 'prescriptionFix.chooseAnother' });
    // Only the progressive line is left: its form opens straight away.
    const next = await waitFor(fix, (s) => s.matches({ editing: 'form' }));
    expect(fetched).toBe(2);
    expect(next.context.lineUid).toBe('MTI=');
  });

  it('the last line corrected closes the link: no going on to another', async () => {
    const fix = startFix('k', async (input) => fixedLine(input, false));
    await waitFor(fix, (s) => s.matches({ editing: 'form' }));
    fix.send({ type: 'prescriptionFix.submit' });
    await waitFor(fix, (s) => s.matches('fixed'));
    fix.send({ type: 'prescriptionFix.chooseAnother' });
    expect(fix.getSnapshot().matches('fixed')).toBe(true);
  });
});

function startSaved(
  fakes: {
    save?: (input: SavedPrescriptionInput) => Promise<unknown>;
    remove?: (uid: string) => Promise<unknown>;
    fetch?: () => Promise<typeof FIXTURE_SAVED_PRESCRIPTIONS>;
  } = {},
) {
  const machine = savedPrescriptionsMachine.provide({
    actors: {
      fetchSavedPrescriptions: fromPromise(() => (fakes.fetch ? fakes.fetch() : Promise.resolve(FIXTURE_SAVED_PRESCRIPTIONS))),
      saveSavedPrescription: fromPromise(({ input }: { input: SavedPrescriptionInput }) => (fakes.save ? fakes.save(input) : Promise.resolve(true))),
      deleteSavedPrescription: fromPromise(({ input }: { input: { uid: string } }) => (fakes.remove ? fakes.remove(input.uid) : Promise.resolve(true))),
    },
  });
  return createActor(machine, { input: { today: TODAY } }).start();
}

describe('savedPrescriptions (spec §2 /prescription; eyewear notes "saved prescriptions in the account")', () => {
  it('spec §2 signed in only: a guest is told to sign in', async () => {
    const page = startSaved({ fetch: () => Promise.reject(Object.assign(new Error('Sign in to see and save your prescriptions.'), { unauthorised: true })) });
    const failed = await waitFor(page, (s) => s.matches('loadFailed'));
    expect(failed.matches({ loadFailed: 'unauthorised' })).toBe(true);
  });

  it('a list the backend cannot give is a failure in its words, with a retry that loads it again', async () => {
    let answers = 0;
    const page = startSaved({
      fetch: () => (answers++ === 0 ? Promise.reject(new Error('The service is not available.')) : Promise.resolve(FIXTURE_SAVED_PRESCRIPTIONS)),
    });
    const failed = await waitFor(page, (s) => s.matches('loadFailed'));
    expect(failed.matches({ loadFailed: 'unavailable' })).toBe(true);
    expect(failed.context.loadError).toBe('The service is not available.');
    page.send({ type: 'prescriptions.retry' });
    expect((await waitFor(page, (s) => s.matches('listing'))).context.list).toEqual(FIXTURE_SAVED_PRESCRIPTIONS);
  });

  it('a new prescription needs a name and valid values before it is saved; then the list reloads with a notice', async () => {
    const saved: SavedPrescriptionInput[] = [];
    const page = startSaved({ save: async (input) => saved.push(input) });
    await waitFor(page, (s) => s.matches('listing'));
    page.send({ type: 'prescriptions.add' });
    const form = page.getSnapshot().context.form!;
    page.send({ type: 'prescriptions.save' });
    expect(page.getSnapshot().matches({ editing: { form: 'nameMissing' } })).toBe(true);
    expect(form.getSnapshot().matches({ issues: 'checked' })).toBe(true);
    expect(saved).toEqual([]);
    for (const [field, value] of [
      ['od.sph', '-1.00'],
      ['os.sph', '-1.25'],
      ['pd', '63'],
      ['examDate', '2025-09-15'],
    ] as const)
      form.send({ type: 'prescription.change', field, value });
    page.send({ type: 'prescriptions.setName', name: ' Office ' });
    expect(page.getSnapshot().matches({ editing: { form: 'filling' } })).toBe(true);
    page.send({ type: 'prescriptions.save' });
    const after = await waitFor(page, (s) => s.matches('listing') && s.context.notice !== null);
    expect(after.context.notice).toEqual({ kind: 'saved', name: 'Office' });
    expect(after.context.form).toBeNull();
    expect(saved).toEqual([{ uid: null, name: 'Office', prescription: expect.objectContaining({ od: expect.objectContaining({ sph: -1 }) }) }]);
  });

  it('editing fills the form from the saved one; a refused save keeps every value', async () => {
    const page = startSaved({ save: () => Promise.reject(new Error('The prescription is more than two years old.')) });
    await waitFor(page, (s) => s.matches('listing'));
    page.send({ type: 'prescriptions.edit', uid: 'rx-1' });
    const form = page.getSnapshot().context.form!;
    expect(form.getSnapshot().context.draft.od.sph).toBe('-2.25');
    form.send({ type: 'prescription.change', field: 'od.sph', value: '-2.50' });
    page.send({ type: 'prescriptions.save' });
    const failed = await waitFor(page, (s) => s.matches({ editing: 'form' }) && s.context.saveError !== null);
    expect(failed.context.saveError).toBe('The prescription is more than two years old.');
    expect(failed.context.form!.getSnapshot().context.draft.od.sph).toBe('-2.50');
    expect(failed.context.name).toBe('Distance glasses 2025');
  });

  it('deleting asks first; a failed delete keeps the list with the reason', async () => {
    const removed: string[] = [];
    const page = startSaved({
      remove: async (uid) => {
        removed.push(uid);
        throw new Error('Could not delete.');
      },
    });
    await waitFor(page, (s) => s.matches('listing'));
    page.send({ type: 'prescriptions.askDelete', uid: 'rx-2' });
    page.send({ type: 'prescriptions.keep' });
    expect(page.getSnapshot().matches('listing')).toBe(true);
    expect(removed).toEqual([]);
    page.send({ type: 'prescriptions.askDelete', uid: 'rx-2' });
    page.send({ type: 'prescriptions.confirmDelete' });
    const failed = await waitFor(page, (s) => s.matches('listing') && s.context.deleteError !== null);
    expect(removed).toEqual(['rx-2']);
    expect(failed.context.deleteError).toEqual({ uid: 'rx-2', message: 'Could not delete.' });
    expect(failed.context.list).toHaveLength(2);
  });
});
