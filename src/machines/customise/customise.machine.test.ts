import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { visibleFormIssuesOf, type PrescriptionFormEvent } from '../prescription/prescription-form.machine';
import { lensIndexIssue, type LensUsage, type PrescriptionField } from '../../../rules/eyewear/prescription';
import { CART_NOT_READY, CART_STOPPED, OUT_OF_STOCK_AT_ADD } from './cart-outcome';
import {
  cartItemOf,
  coatingChoicesOf,
  indexChoicesOf,
  indexAdviceOf,
  knownPrescription,
  priceBreakdownOf,
  prescriptionStepIssue,
  recommendedIndexUid,
} from './customise-choices';
import {
  FIXTURE_FRAME,
  FIXTURE_FRAME_WITH_VALUE_INDEXES,
  FIXTURE_PROGRESSIVE_PRESCRIPTION_JSON,
  FIXTURE_RIMLESS_FRAME,
  FIXTURE_SAVED_PRESCRIPTIONS,
  FIXTURE_SUNGLASSES_FRAME,
} from './customise.fixtures';
import { chosenValueLabels, frameImageOf } from './customise-choices';
import { customiseMachine, stepOf, stepOpens, stepsOf, type CustomiseEvent, type CustomiseSnapshot } from './customise.machine';
import { startFakeCart, type CartCall } from './customise.test-helpers';
import type { CartLensChoices, CustomiseInput, CustomiseStep, FrameSummary, KeptWizard, LensProduct, PrescriptionUploadInput } from './customise.types';
import type { StepMove } from '../shared/step-history';

const TODAY = '2026-03-01';

interface Fakes {
  product?: LensProduct;
  /** The cart's call for the wizard's line (resolves by default); the cart tells its outcome by its events. */
  cartCall?: (call: CartCall) => Promise<unknown>;
  cartReady?: () => Promise<unknown>;
  fetchFrames?: () => Promise<unknown>;
  cartLine?: (itemUid: string) => Promise<CartLensChoices>;
}

/** An upload the test settles by hand: it reports progress, success or failure as the real effect does. */
interface FakeUpload {
  input: PrescriptionUploadInput;
  sendBack: (event: CustomiseEvent) => void;
  aborted: boolean;
}

function start(input: Partial<CustomiseInput> = {}, fakes: Fakes = {}) {
  const { cart, received: added, emitted } = startFakeCart({ call: fakes.cartCall });
  const uploads: FakeUpload[] = [];
  const moves: (StepMove<CustomiseStep> | null)[] = [];
  const kept: KeptWizard[] = [];
  const machine = customiseMachine.provide({
    // The URL and the session storage (ADR 008), recorded.
    actions: { showStep: (_, move) => void moves.push(move), keepChoices: (_, choices) => void kept.push(choices) },
    actors: {
      uploadPrescription: fromCallback<CustomiseEvent, PrescriptionUploadInput>(({ input: upload, sendBack }) => {
        const call: FakeUpload = { input: upload, sendBack, aborted: false };
        uploads.push(call);
        return () => {
          call.aborted = true;
        };
      }),
      fetchFrames: fromPromise<FrameSummary[], void>(async () => {
        if (fakes.fetchFrames) await fakes.fetchFrames();
        return [{ urlKey: 'aurora-cat-eye', name: 'Aurora Cat-Eye', price: 175, currency: 'CAD', imageUrl: null }];
      }),
      fetchLensProduct: fromPromise(async ({ input: { urlKey } }: { input: { urlKey: string } }) => {
        if (urlKey === 'missing') throw new Error('Could not find the frame "missing".');
        return fakes.product ?? FIXTURE_FRAME;
      }),
      fetchSavedPrescriptions: fromPromise(async () => FIXTURE_SAVED_PRESCRIPTIONS),
      fetchCartLine: fromPromise(async ({ input: { itemUid } }: { input: { itemUid: string } }) => {
        if (!fakes.cartLine) throw new Error('no cart line');
        return fakes.cartLine(itemUid);
      }),
      cartReady: fromPromise(async () => (fakes.cartReady ? fakes.cartReady() : true)),
      // `cartRequest` is the machine's own: it asks the fake cart, which answers it.
    },
  });
  // The wizard runs inside the shop's actor system (ADR 004): here, the fake cart's.
  const actor = createActor(machine, { parent: cart, input: { urlKey: 'aurora-cat-eye', isSignedIn: false, today: TODAY, ...input } });
  actor.start();
  return { actor, added, emitted, uploads, cart, moves: () => moves.filter((m) => m !== null), kept };
}

type Actor = ReturnType<typeof start>['actor'];
/** The wizard's one prescription form (its `prescriptionForm` child), which the prescription step's fields type into. */
const formOf = (actor: Actor) => actor.getSnapshot().context.form;
const draftOf = (actor: Actor) => formOf(actor).getSnapshot().context.draft;
const visibleIssues = (actor: Actor) => visibleFormIssuesOf(formOf(actor).getSnapshot());
/** The wizard's events go to the wizard; the typing (`prescription.*`) goes to its form, as the view sends it. */
const send = (actor: Actor, ...events: (CustomiseEvent | PrescriptionFormEvent)[]) =>
  events.forEach((e) => (e.type.startsWith('prescription.') ? formOf(actor).send(e as PrescriptionFormEvent) : actor.send(e as CustomiseEvent)));
const change = (field: PrescriptionField, value: string): PrescriptionFormEvent => ({ type: 'prescription.change', field, value });
const NEXT: CustomiseEvent = { type: 'customise.next' };
const BACK: CustomiseEvent = { type: 'customise.back' };

async function atUsage(input: Partial<CustomiseInput> = {}, fakes: Fakes = {}) {
  const started = start(input, fakes);
  await waitFor(started.actor, (s) => s.matches('frame'));
  send(
    started.actor,
    { type: 'customise.selectVariant', attributeUid: 'attr-color', valueUid: 'c-black' },
    { type: 'customise.selectVariant', attributeUid: 'attr-size', valueUid: 's-m' },
    NEXT,
  );
  return started;
}

const typedDistance = [change('od.sph', '-1.00'), change('os.sph', '-1.25'), change('pd', '63'), change('examDate', '2025-09-15')];

/** The wizard at the prescription step for `usage`, a distance prescription typed in, then `then`. */
async function typedAfterChoosing(usage: LensUsage, ...then: (CustomiseEvent | PrescriptionFormEvent)[]) {
  const started = await atUsage();
  send(started.actor, { type: 'customise.chooseUsage', usage }, NEXT, ...typedDistance, ...then);
  return started;
}

describe('customise machine (lens wizard: spec §2 /customize/{urlkey?}, eyewear notes "lens flow")', () => {
  it('loads the frame of the url key, then needs every variant attribute before usage', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT);
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'variantRequired', values: { attribute: 'Colour' } });
    send(
      actor,
      { type: 'customise.selectVariant', attributeUid: 'attr-color', valueUid: 'c-black' },
      { type: 'customise.selectVariant', attributeUid: 'attr-size', valueUid: 's-m' },
      NEXT,
    );
    expect(stepOf(actor.getSnapshot())).toBe('usage');
  });

  it('without a url key, the shopper chooses a frame first', async () => {
    const { actor } = start({ urlKey: null });
    await waitFor(actor, (s) => s.matches('choosingFrame'));
    expect(actor.getSnapshot().context.frames).toHaveLength(1);
    send(actor, { type: 'customise.chooseFrame', urlKey: 'aurora-cat-eye' });
    await waitFor(actor, (s) => s.matches('frame'));
    expect(actor.getSnapshot().context.product?.sku).toBe('LN1001');
  });

  it('a frame that cannot be loaded shows the error and can be retried', async () => {
    const { actor } = start({ urlKey: 'missing' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe('Could not find the frame "missing".');
    send(actor, { type: 'customise.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('a frame with a single value per attribute is preselected', async () => {
    const { actor } = start({}, { product: FIXTURE_RIMLESS_FRAME });
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('usage');
  });

  it('eyewear rules: progressives are refused on a frame lower than 30 mm', async () => {
    const { actor } = start({}, { product: FIXTURE_RIMLESS_FRAME });
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT, { type: 'customise.chooseUsage', usage: 'PROGRESSIVE' });
    expect(actor.getSnapshot().context.usage).toBeNull();
    send(actor, NEXT);
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'usageRequired' });
  });

  it('eyewear notes "Prescription rules": a bad value stays on the prescription step with its message next to the field, and nothing typed is lost', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', '-2.30'));
    expect(visibleIssues(actor)).toEqual({});
    send(actor, { type: 'prescription.leaveField', field: 'od.sph' });
    expect(visibleIssues(actor)['od.sph']?.code).toBe('sphStep');
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    // "Next" shows every problem of the form (the form's `checked` state), each beside its field.
    expect(formOf(actor).getSnapshot().matches({ issues: 'checked' })).toBe(true);
    expect(actor.getSnapshot().context.stepIssue).toBeNull();
    expect(draftOf(actor).od.sph).toBe('-2.30');
    expect(draftOf(actor).pd).toBe('63');
    send(actor, change('od.sph', '-2.25'), NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
  });

  it('eyewear notes "Prescription rules": the frame’s SPH range is checked by the form and shown beside the field', async () => {
    const narrow: LensProduct = { ...FIXTURE_FRAME, frame: { ...FIXTURE_FRAME.frame, sphMin: -4, sphMax: 4 } };
    const { actor } = await atUsage({}, { product: narrow });
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, ...typedDistance, change('od.sph', '-6.00'), {
      type: 'prescription.leaveField',
      field: 'od.sph',
    });
    expect(formOf(actor).getSnapshot().context.frame).toEqual(narrow.frame);
    expect(visibleIssues(actor)['od.sph']).toBeDefined();
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
  });

  it('spec §2 /customize: what was typed, valid or not yet, survives going back to the usage and forward again, and to the lenses and back', async () => {
    const { actor } = await atUsage();
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, change('od.sph', '-1.00'), change('pd', '63'), {
      type: 'prescription.leaveField',
      field: 'pd',
    });
    const form = formOf(actor);
    // Not valid yet (OS SPH and the exam date are missing): back to the usage step, and forward again.
    send(actor, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('usage');
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    expect(formOf(actor)).toBe(form);
    expect(draftOf(actor)).toMatchObject({ od: { sph: '-1.00' }, pd: '63' });
    expect(formOf(actor).getSnapshot().context.touched).toEqual(['pd']);
    // Completed, on to the lenses, then back: the same values are there.
    send(actor, change('os.sph', '-1.25'), change('examDate', '2025-09-15'), NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    send(actor, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    expect(draftOf(actor)).toMatchObject({ od: { sph: '-1.00' }, os: { sph: '-1.25' }, pd: '63', examDate: '2025-09-15' });
    send(actor, NEXT, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    expect(knownPrescription(actor.getSnapshot().context)?.od.sph).toBe(-1);
  });

  it('eyewear rules: a strong prescription forces 1.67 lenses; thinner-than-needed lenses cannot be chosen', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', '-5.00'), NEXT);
    const { context } = actor.getSnapshot();
    expect(context.indexUid).toBe('i-167');
    expect(context.forcedIndex).toEqual({ fromUid: null, toUid: 'i-167', reason: 'prescription' });
    send(actor, { type: 'customise.chooseIndex', uid: 'i-150' });
    expect(actor.getSnapshot().context.indexUid).toBe('i-167');
    send(actor, { type: 'customise.chooseIndex', uid: 'i-174' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('coatings');
  });

  it('eyewear rules: an index chosen before is upgraded when the prescription becomes stronger', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', NEXT);
    expect(actor.getSnapshot().context.indexUid).toBe('i-150');
    expect(actor.getSnapshot().context.forcedIndex).toBeNull();
    send(actor, BACK, change('os.cyl', '-3.00'), change('os.axis', '180'), NEXT);
    expect(actor.getSnapshot().context.forcedIndex).toEqual({ fromUid: 'i-150', toUid: 'i-167', reason: 'prescription' });
  });

  it('eyewear rules: a prescription beyond the thinnest lens the frame offers is refused with a clear message', async () => {
    const limited: LensProduct = { ...FIXTURE_FRAME, indexOption: { ...FIXTURE_FRAME.indexOption!, values: FIXTURE_FRAME.indexOption!.values.slice(0, 4) } };
    const { actor } = await atUsage({}, { product: limited });
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, ...typedDistance, change('od.sph', '-9.00'), NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'indexBeyondProduct', values: { index: '1.74' } });
  });

  it('eyewear notes "Lens index rules": SPH -2.25 / CYL -0.75 is recommended a thin (1.60+) lens and warned, not blocked, on a thicker one', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', '-2.25'), change('od.cyl', '-0.75'), change('od.axis', '90'), NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(recommendedIndexUid(actor.getSnapshot().context)).toBe('i-161');
    expect(actor.getSnapshot().context.indexUid).toBe('i-150');
    expect(indexAdviceOf(actor.getSnapshot().context)).toEqual({ code: 'indexThickerThanAdvised', values: { index: '1.61', power: '-3.00' } });
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('coatings');
    send(actor, BACK, { type: 'customise.chooseIndex', uid: 'i-161' });
    expect(indexAdviceOf(actor.getSnapshot().context)).toBeNull();
  });

  it('eyewear notes "Lens index rules": a mild prescription takes any lens (the cheapest is recommended); a strong one the forced index', async () => {
    const mild = await typedAfterChoosing('SINGLE_VISION_DISTANCE', NEXT);
    expect(recommendedIndexUid(mild.actor.getSnapshot().context)).toBe('i-150');
    expect(indexAdviceOf(mild.actor.getSnapshot().context)).toBeNull();
    const strong = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', '-5.00'), NEXT);
    expect(recommendedIndexUid(strong.actor.getSnapshot().context)).toBe('i-167');
    const plano = await atUsage();
    send(plano.actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT);
    expect(recommendedIndexUid(plano.actor.getSnapshot().context)).toBeNull();
  });

  it('eyewear notes "lens flow" coatings: photochromic, sun tint and polarised exclude each other, and the cards say why', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('coatings');
    send(
      actor,
      { type: 'customise.toggleCoating', uid: 'k-photo' },
      { type: 'customise.toggleCoating', uid: 'k-tint' },
      { type: 'customise.toggleCoating', uid: 'k-polar' },
    );
    send(actor, { type: 'customise.toggleCoating', uid: 'k-ar' }, { type: 'customise.toggleCoating', uid: 'k-blue' });
    expect(actor.getSnapshot().context.coatingUids).toEqual(['k-photo', 'k-ar', 'k-blue']);
    const issues = Object.fromEntries(coatingChoicesOf(actor.getSnapshot().context).map((c) => [c.value.uid, c.issue]));
    expect(issues).toEqual({
      'k-ar': null,
      'k-blue': null,
      'k-photo': null,
      'k-tint': { code: 'coatingConflict', values: { coating: 'Photochromic' } },
      'k-polar': { code: 'coatingConflict', values: { coating: 'Photochromic' } },
    });
    // Taking photochromic off frees the others.
    send(actor, { type: 'customise.toggleCoating', uid: 'k-photo' }, { type: 'customise.toggleCoating', uid: 'k-polar' });
    expect(actor.getSnapshot().context.coatingUids).toEqual(['k-ar', 'k-blue', 'k-polar']);
  });

  it('eyewear rules: a rimless frame gets polycarbonate at least, and the notice gives the rimless reason, not thinness', async () => {
    const { actor } = start({}, { product: FIXTURE_RIMLESS_FRAME });
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(actor.getSnapshot().context.indexUid).toBe('i-159');
    // Without a prescription nothing needs a thinner lens: the drilled frame needs a stronger one.
    expect(actor.getSnapshot().context.forcedIndex).toEqual({ fromUid: null, toUid: 'i-159', reason: 'rimless' });
  });

  it('eyewear rules: on a rimless frame a strong prescription still gives its own reason (a thinner lens)', async () => {
    const { actor } = start({}, { product: FIXTURE_RIMLESS_FRAME });
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, ...typedDistance, change('od.sph', '-5.00'), NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(actor.getSnapshot().context.forcedIndex).toEqual({ fromUid: null, toUid: 'i-167', reason: 'prescription' });
  });

  it('eyewear rule "sunglasses": without a prescription their own 1.50 sun lens, no clear index upsell, no second tint; polarised the upgrade', async () => {
    const { actor } = await atUsage({}, { product: FIXTURE_SUNGLASSES_FRAME });
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    // The lens is named as sold: the tinted UV400 sun lens, not "1.50 Standard"; it is their lens, not an upgrade to explain.
    expect(actor.getSnapshot().context.indexUid).toBe('i-150-sun');
    expect(actor.getSnapshot().context.forcedIndex).toBeNull();
    expect(indexChoicesOf(actor.getSnapshot().context).map((c) => [c.value.uid, c.issue?.code ?? null])).toEqual([
      ['i-150', 'sunLensIndex'],
      ['i-159', 'sunLensIndex'],
      ['i-161', 'sunLensIndex'],
      ['i-167', 'sunLensIndex'],
      ['i-174', 'sunLensIndex'],
      ['i-150-sun', null],
    ]);
    send(actor, { type: 'customise.chooseIndex', uid: 'i-167' }, { type: 'customise.chooseIndex', uid: 'i-150' });
    expect(actor.getSnapshot().context.indexUid).toBe('i-150-sun');
    send(actor, NEXT, { type: 'customise.toggleCoating', uid: 'k-tint' }, { type: 'customise.toggleCoating', uid: 'k-photo' });
    expect(actor.getSnapshot().context.coatingUids).toEqual([]);
    expect(coatingChoicesOf(actor.getSnapshot().context).find((c) => c.value.uid === 'k-tint')?.issue).toEqual({ code: 'sunLensTinted' });
    send(actor, { type: 'customise.toggleCoating', uid: 'k-polar' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    expect(actor.getSnapshot().context.coatingUids).toEqual(['k-polar']);
  });

  it('eyewear rule "sunglasses": a prescription lens for sunglasses gets the sun tint by default and is never left clear', async () => {
    const started = await atUsage({}, { product: FIXTURE_SUNGLASSES_FRAME });
    const { actor } = started;
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, ...typedDistance, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(actor.getSnapshot().context.coatingUids).toEqual(['k-tint']);
    send(actor, { type: 'customise.chooseIndex', uid: 'i-161' }, NEXT, { type: 'customise.toggleCoating', uid: 'k-tint' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('coatings');
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'sunLensRequired' });
    send(actor, { type: 'customise.toggleCoating', uid: 'k-polar' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
  });

  it('switching usage keeps SPH, CYL, AXIS and PD, and drops ADD for distance', async () => {
    const { actor } = await typedAfterChoosing(
      'SINGLE_VISION_READING',
      change('od.cyl', '-0.50'),
      change('od.axis', '90'),
      change('od.add', '+2.00'),
      { type: 'prescription.setPdMode', mode: 'dual' },
      change('pdRight', '31'),
      change('pdLeft', '32'),
      BACK,
      { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' },
      NEXT,
    );
    const draft = draftOf(actor);
    expect(draft.od).toMatchObject({ sph: '-1.00', cyl: '-0.50', axis: '90', add: '' });
    // one PD (ADR 035): the single PD typed before switching to one per eye is cleared, not kept hidden
    expect(draft).toMatchObject({ pdMode: 'dual', pdRight: '31', pdLeft: '32', pd: '' });
    expect(formOf(actor).getSnapshot().context.usage).toBe('SINGLE_VISION_DISTANCE');
  });

  it('non-prescription lenses leave the typed prescription as it was, for the way back to prescription lenses', async () => {
    const { actor } = await typedAfterChoosing(
      'PROGRESSIVE',
      change('od.add', '+2.00'),
      BACK,
      { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' },
      NEXT,
    );
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(cartItemOf(actor.getSnapshot().context)?.enteredOptions).toEqual([]);
    send(actor, BACK, { type: 'customise.chooseUsage', usage: 'PROGRESSIVE' }, NEXT);
    expect(draftOf(actor).od).toMatchObject({ sph: '-1.00', add: '+2.00' });
  });

  it('going back keeps every value', async () => {
    const { actor } = await typedAfterChoosing(
      'SINGLE_VISION_DISTANCE',
      NEXT,
      { type: 'customise.chooseIndex', uid: 'i-161' },
      NEXT,
      { type: 'customise.toggleCoating', uid: 'k-ar' },
      NEXT,
    );
    const before = actor.getSnapshot().context;
    const typed = draftOf(actor);
    send(actor, BACK, BACK, BACK, BACK, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('frame');
    const after = actor.getSnapshot().context;
    expect(after).toMatchObject({
      usage: before.usage,
      form: before.form,
      indexUid: 'i-161',
      coatingUids: ['k-ar'],
      variantSelection: before.variantSelection,
    });
    expect(draftOf(actor)).toBe(typed);
  });

  it('non-prescription lenses skip the prescription step and carry no prescription', async () => {
    const { actor } = await atUsage();
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    send(actor, NEXT, NEXT);
    expect(cartItemOf(actor.getSnapshot().context)).toEqual({
      sku: 'LN1001-BLK-M',
      parentSku: 'LN1001',
      quantity: 1,
      selectedOptions: ['u-plano', 'i-150'],
      enteredOptions: [],
    });
    send(actor, BACK, BACK, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('usage');
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": only a JPG, PNG or PDF of 10 MB or less is accepted, and nothing is sent otherwise', async () => {
    const { actor, uploads } = await atUsage();
    send(
      actor,
      { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' },
      NEXT,
      { type: 'customise.prescription.chooseMethod', method: 'upload' },
      NEXT,
    );
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'fileRequired' });
    send(actor, { type: 'customise.prescription.attachFile', file: { name: 'rx.heic', size: 1000, type: 'image/heic' }, body: new Blob(['x']) });
    expect(actor.getSnapshot().context.fileIssue).toEqual({ code: 'fileType' });
    send(actor, {
      type: 'customise.prescription.attachFile',
      file: { name: 'rx.pdf', size: 11 * 1024 * 1024, type: 'application/pdf' },
      body: new Blob(['x']),
    });
    expect(actor.getSnapshot().context.fileIssue).toEqual({ code: 'fileTooLarge', values: { size: '11.0' } });
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(uploads).toHaveLength(0);
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": an accepted file is uploaded at once, with progress, and the step waits for it', async () => {
    const { actor, uploads } = await atUsage();
    const body = new Blob(['%PDF-1.4']);
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'upload' });
    send(actor, { type: 'customise.prescription.attachFile', file: { name: 'rx.pdf', size: 2048, type: 'application/pdf' }, body });
    expect(actor.getSnapshot().matches({ prescription: 'uploading' })).toBe(true);
    expect(uploads[0]!.input).toEqual({ file: { name: 'rx.pdf', size: 2048, type: 'application/pdf' }, body });
    uploads[0]!.sendBack({ type: 'customise.prescription.uploadProgress', sent: 0.4 });
    expect(actor.getSnapshot().context.uploadProgress).toBe(0.4);
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'fileUploading' });
    uploads[0]!.sendBack({ type: 'customise.prescription.uploaded', upload: { id: 'abc123', reference: 'abc123.s3cret' } });
    expect(actor.getSnapshot().matches({ prescription: 'editing' })).toBe(true);
    // The bytes are dropped once the shop has the file; the reference goes to the cart.
    expect(actor.getSnapshot().context).toMatchObject({ fileBody: null, uploadProgress: null, upload: { reference: 'abc123.s3cret' } });
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(cartItemOf(actor.getSnapshot().context)?.enteredOptions).toEqual([
      { uid: 'opt-rx', value: 'Uploaded prescription: rx.pdf (application/pdf, 2048 bytes, ref abc123.s3cret)' },
    ]);
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": a failed upload keeps the file and the choice, says why, and retries the same bytes', async () => {
    const { actor, uploads } = await atUsage();
    const body = new Blob(['\x89PNG']);
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'upload' });
    send(actor, { type: 'customise.prescription.attachFile', file: { name: 'rx.png', size: 5, type: 'image/png' }, body });
    uploads[0]!.sendBack({ type: 'customise.prescription.uploadFailed', message: 'The upload did not go through: check your connection and try again.' });
    expect(actor.getSnapshot().matches({ prescription: 'uploadFailed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      method: 'upload',
      file: { name: 'rx.png' },
      upload: null,
      uploadError: 'The upload did not go through: check your connection and try again.',
    });
    send(actor, NEXT);
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'fileNotUploaded' });
    send(actor, { type: 'customise.prescription.retryUpload' });
    expect(actor.getSnapshot().matches({ prescription: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ uploadError: null, stepIssue: null });
    expect(uploads[1]!.input.body).toBe(body);
    uploads[1]!.sendBack({ type: 'customise.prescription.uploaded', upload: { id: 'p1', reference: 'p1.k2' } });
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": another file or a removal stops the upload under way', async () => {
    const { actor, uploads } = await atUsage();
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'upload' });
    send(actor, { type: 'customise.prescription.attachFile', file: { name: 'old.pdf', size: 9, type: 'application/pdf' }, body: new Blob(['%PDF-old']) });
    send(actor, { type: 'customise.prescription.attachFile', file: { name: 'new.pdf', size: 9, type: 'application/pdf' }, body: new Blob(['%PDF-new']) });
    expect(uploads[0]!.aborted).toBe(true);
    expect(uploads[1]!.input.file.name).toBe('new.pdf');
    send(actor, { type: 'customise.prescription.removeFile' });
    expect(uploads[1]!.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ prescription: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ file: null, fileBody: null, upload: null, uploadProgress: null });
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": a cart line with an uploaded file reopens with that file, ready to go on', async () => {
    const editing: CartLensChoices = {
      itemUid: 'item-9',
      quantity: 1,
      variantSku: 'LN1001-BLK-M',
      selectedOptionUids: ['u-distance', 'i-150'],
      enteredOptions: [{ uid: 'opt-rx', value: 'Uploaded prescription: Ordonnance (2026).pdf (application/pdf, 321 bytes, ref Ab12.cd34)' }],
    };
    const { actor } = start({ editing });
    await waitFor(actor, (s) => s.matches('frame'));
    expect(actor.getSnapshot().context).toMatchObject({
      method: 'upload',
      file: { name: 'Ordonnance (2026).pdf', size: 321 },
      upload: { id: 'Ab12', reference: 'Ab12.cd34' },
    });
    send(actor, NEXT, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
  });

  it('"send it later" needs nothing now and says so in the prescription option', async () => {
    const { actor } = await atUsage();
    send(actor, { type: 'customise.chooseUsage', usage: 'PROGRESSIVE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'later' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
    expect(cartItemOf(actor.getSnapshot().context)?.enteredOptions[0]?.value).toBe('Prescription to follow: the shopper will send it later.');
  });

  it('a signed-in shopper picks a saved prescription, which fills the form and is checked like a typed one', async () => {
    const { actor } = await atUsage({ isSignedIn: true });
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'saved' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ prescription: 'editing' }));
    send(actor, NEXT);
    expect(actor.getSnapshot().context.stepIssue).toEqual({ code: 'savedRequired' });
    send(actor, { type: 'customise.prescription.pickSaved', uid: 'rx-2' });
    // A saved prescription fills the one form, whose problems all show at once.
    expect(visibleIssues(actor).examDate?.code).toBe('examDateExpired');
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    send(actor, { type: 'customise.prescription.pickSaved', uid: 'rx-1' });
    expect(draftOf(actor).od).toMatchObject({ sph: '-2.25', cyl: '-0.50', axis: '90' });
    send(actor, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('lenses');
  });

  it('a guest cannot choose saved prescriptions', async () => {
    const { actor } = await atUsage({ isSignedIn: false });
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, { type: 'customise.prescription.chooseMethod', method: 'saved' });
    expect(actor.getSnapshot().context.method).toBe('typed');
  });

  it('the review breaks the price down: frame + each option, in the store currency', async () => {
    const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', '-5.00'), NEXT, NEXT);
    send(actor, { type: 'customise.toggleCoating', uid: 'k-ar' }, { type: 'customise.toggleCoating', uid: 'k-blue' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    expect(priceBreakdownOf(actor.getSnapshot().context)).toEqual({
      currency: 'CAD',
      lines: [
        { kind: 'frame', label: 'Aurora Cat-Eye', amount: 175 },
        { kind: 'usage', label: 'Single vision – distance', amount: 0 },
        { kind: 'index', label: '1.67 Extra thin', amount: 122.4 },
        { kind: 'coating', label: 'Anti-reflective', amount: 34 },
        { kind: 'coating', label: 'Blue-light filter', amount: 47.6 },
      ],
      total: 379,
    });
  });

  it('spec §4 Add item: add to cart sends the variant, the lens options and the prescription JSON as custom options', async () => {
    const { actor, added } = await atUsage();
    send(
      actor,
      { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' },
      NEXT,
      ...typedDistance,
      change('od.cyl', '+0.50'),
      change('od.axis', '30'),
      NEXT,
      NEXT,
      NEXT,
      { type: 'customise.addToCart' },
    );
    await waitFor(actor, (s) => s.matches('added'));
    expect(added).toHaveLength(1);
    const event = added[0]!;
    if (event.type !== 'cart.addItem') throw new Error(`expected cart.addItem, got ${event.type}`);
    // The wizard confirms the addition on its page, so the cart raises no toast over it.
    expect(event.confirmedByPage).toBe(true);
    const item = event.item;
    expect(item).toMatchObject({ sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1, selectedOptions: ['u-distance', 'i-150'] });
    expect(JSON.parse(item.enteredOptions![0]!.value)).toEqual({
      usage: 'SINGLE_VISION_DISTANCE',
      exam_date: '2025-09-15',
      od: { sph: -0.5, cyl: -0.5, axis: 120, add: null },
      os: { sph: -1.25, cyl: 0, axis: null, add: null },
      pd: { single: 63, right: null, left: null },
    });
  });

  it('ADR 035 "Frame only": the frame alone goes from its usage to the review, at the price of the frame, and reaches the cart with no lens option nor prescription', async () => {
    const { actor, added } = await atUsage();
    // Lenses chosen first, then the frame alone: going back keeps those choices, but they are not bought.
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, { type: 'customise.chooseIndex', uid: 'i-161' }, NEXT);
    send(actor, { type: 'customise.toggleCoating', uid: 'k-ar' }, BACK, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('usage');
    send(actor, { type: 'customise.chooseUsage', usage: 'FRAME_ONLY' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    const { context } = actor.getSnapshot();
    expect(stepsOf(context)).toEqual(['frame', 'usage', 'review']);
    expect((['prescription', 'lenses', 'coatings', 'review'] as const).map((step) => stepOpens(context, step))).toEqual([false, false, false, true]);
    expect(priceBreakdownOf(context)).toEqual({
      currency: 'CAD',
      lines: [
        { kind: 'frame', label: 'Aurora Cat-Eye', amount: 175 },
        { kind: 'usage', label: 'Frame only – no lenses', amount: 0 },
      ],
      total: 175,
    });
    // Its review changes the frame or the usage only, and goes back to the usage.
    send(actor, { type: 'customise.goTo', step: 'lenses' }, { type: 'customise.goTo', step: 'coatings' });
    expect(stepOf(actor.getSnapshot())).toBe('review');
    send(actor, BACK);
    expect(stepOf(actor.getSnapshot())).toBe('usage');
    send(actor, NEXT, { type: 'customise.addToCart' });
    await waitFor(actor, (s) => s.matches('added'));
    const event = added[0]!;
    if (event.type !== 'cart.addItem') throw new Error(`expected cart.addItem, got ${event.type}`);
    expect(event.item).toEqual({ sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1, selectedOptions: ['u-frame'], enteredOptions: [] });
  });

  it('ADR 035 "Frame only": sunglasses are sold as the frame alone too; eyeglasses are never offered the sun lens', async () => {
    const { actor } = await atUsage({}, { product: FIXTURE_SUNGLASSES_FRAME });
    send(actor, { type: 'customise.chooseUsage', usage: 'FRAME_ONLY' }, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    expect(cartItemOf(actor.getSnapshot().context)?.selectedOptions).toEqual(['u-frame']);
    const glasses = await atUsage();
    send(glasses.actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT);
    expect(indexChoicesOf(glasses.actor.getSnapshot().context).map((c) => c.value.uid)).toEqual(['i-150', 'i-159', 'i-161', 'i-167', 'i-174']);
  });

  it('spec §4 Add item: a failed add keeps every typed value and shows the cart’s failure on the review', async () => {
    const { actor, emitted } = await atUsage({}, { cartCall: () => Promise.reject({ message: 'Could not add the item: the cart is locked.' }) });
    send(
      actor,
      { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' },
      NEXT,
      ...typedDistance,
      change('os.cyl', '-0.75'),
      change('os.axis', '90'),
      NEXT,
      NEXT,
      { type: 'customise.toggleCoating', uid: 'k-ar' },
      NEXT,
    );
    const before = actor.getSnapshot().context;
    const typed = draftOf(actor);
    send(actor, { type: 'customise.addToCart' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const failed = await waitFor(actor, (s) => s.matches('review') && s.context.addError !== null);
    expect(emitted).toEqual(['cart.item.failed']);
    expect(failed.context.addError).toBe('Could not add the item: the cart is locked.');
    expect(failed.context).toMatchObject({
      form: before.form,
      usage: before.usage,
      indexUid: before.indexUid,
      coatingUids: before.coatingUids,
      variantSelection: before.variantSelection,
    });
    // Every value typed is still in the form, and the prescription step shows it again.
    expect(draftOf(actor)).toBe(typed);
    expect(draftOf(actor)).toMatchObject({ od: { sph: '-1.00' }, os: { sph: '-1.25', cyl: '-0.75', axis: '90' }, pd: '63', examDate: '2025-09-15' });
    send(actor, { type: 'customise.goTo', step: 'prescription' });
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    expect(draftOf(actor)).toBe(typed);
  });

  it('spec §4 Add item: an out-of-stock refusal is said in the shopper’s words, not the backend’s', async () => {
    const refusal = { message: 'The requested qty is not available', graphQLErrors: [{ message: 'The requested qty is not available' }] };
    const { actor } = await atUsage({}, { cartCall: () => Promise.reject(refusal) });
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, NEXT, NEXT, { type: 'customise.addToCart' });
    const failed = await waitFor(actor, (s) => s.matches('review') && s.context.addError !== null);
    expect(failed.context.addError).toBe(OUT_OF_STOCK_AT_ADD);
  });

  it('spec §4 Add item: the wizard learns the outcome from the cart’s answer to its request, and not before (ADR 010 §6)', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, emitted, cart } = await atUsage({}, { cartCall: () => new Promise((resolve) => (answer = resolve)) });
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, NEXT, NEXT, { type: 'customise.addToCart' });
    await waitFor(actor, (s) => s.matches({ adding: 'sending' }));
    expect(cart.getSnapshot().hasTag('addingItem')).toBe(true);
    expect(cart.getSnapshot().context.request?.replyTo).toBe(actor.getSnapshot().children.cartRequest);
    answer(true);
    await waitFor(actor, (s) => s.matches('added'));
    expect(emitted).toEqual(['cart.item.added']);
    // The request has ended: the wizard is done with the cart.
    expect(actor.getSnapshot().children.cartRequest).toBeUndefined();
  });

  it('spec §4 Add item: a cart busy with another item answers that it cannot take the line now; the other item’s outcome is not the wizard’s, nothing is lost', async () => {
    const other = { sku: 'LN2002', quantity: 1 };
    let answerOther: () => void = () => {};
    const { actor, cart, emitted } = await atUsage(
      {},
      {
        cartCall: (c) => (c.kind === 'add' && c.item.sku === other.sku ? new Promise((resolve) => (answerOther = () => resolve(true))) : Promise.resolve(true)),
      },
    );
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, NEXT, NEXT);
    // The cart is busy with another add (the product page's, say).
    cart.send({ type: 'cart.addItem', item: other });
    send(actor, { type: 'customise.addToCart' });
    const told = await waitFor(actor, (s) => s.matches('review') && s.context.addError !== null);
    expect(told.context.addError).toBe(CART_NOT_READY);
    expect(told.context).toMatchObject({ usage: 'NON_PRESCRIPTION', indexUid: 'i-150' });
    answerOther();
    await waitFor(cart, (s) => s.matches('ready'));
    expect(emitted).toEqual(['cart.item.added']);
    expect(actor.getSnapshot().matches('review')).toBe(true);
  });

  it('spec §4 Add item: a cart stopped before it answered (the shop replaced it) is the answer: the review says so, nothing is lost', async () => {
    const { actor, cart } = await atUsage({}, { cartCall: () => new Promise(() => {}) });
    send(actor, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, NEXT, NEXT, { type: 'customise.addToCart' });
    await waitFor(actor, (s) => s.matches({ adding: 'sending' }));
    cart.stop();
    const told = await waitFor(actor, (s) => s.matches('review') && s.context.addError !== null);
    expect(told.context.addError).toBe(CART_STOPPED);
    expect(told.context).toMatchObject({ usage: 'NON_PRESCRIPTION', indexUid: 'i-150' });
  });

  it('spec §4 Update item: a refused update is the cart’s answer (the cart emits no outcome for an update); nothing is lost', async () => {
    const line: CartLensChoices = { itemUid: 'item-3', quantity: 1, variantSku: 'LN1001-BLK-M', selectedOptionUids: ['u-plano', 'i-159'], enteredOptions: [] };
    const { actor, emitted } = start({ editing: line }, { cartCall: () => Promise.reject({ message: 'The cart item could not be updated.' }) });
    await waitFor(actor, (s) => s.matches('frame'));
    send(actor, NEXT, NEXT, NEXT, NEXT, { type: 'customise.addToCart' });
    const failed = await waitFor(actor, (s) => s.matches('review') && s.context.addError !== null);
    expect(emitted).toEqual([]);
    expect(failed.context.addError).toBe('The cart item could not be updated.');
    expect(failed.context).toMatchObject({ editing: line, usage: 'NON_PRESCRIPTION', indexUid: 'i-159' });
  });

  it('spec §4 Update item: editing from the cart reopens the wizard with the line’s choices and prescription, and replaces that line', async () => {
    const editing: CartLensChoices = {
      itemUid: 'item-7',
      quantity: 2,
      variantSku: 'LN1001-TRT-M',
      selectedOptionUids: ['u-progressive', 'i-161', 'k-photo'],
      enteredOptions: [
        {
          uid: 'opt-rx',
          value: FIXTURE_PROGRESSIVE_PRESCRIPTION_JSON,
        },
      ],
    };
    const { actor, added } = start({ editing });
    await waitFor(actor, (s) => s.matches('frame'));
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      usage: 'PROGRESSIVE',
      indexUid: 'i-161',
      coatingUids: ['k-photo'],
      method: 'typed',
      variantSelection: { 'attr-color': 'c-tortoise', 'attr-size': 's-m' },
    });
    // The line's prescription is in the one form, checked for the line's usage (dual PD for progressives).
    expect(formOf(actor).getSnapshot().context.usage).toBe('PROGRESSIVE');
    expect(draftOf(actor).os).toMatchObject({ sph: '-1.50', cyl: '-0.75', axis: '10', add: '+2.00' });
    expect(draftOf(actor)).toMatchObject({ pdMode: 'dual', pdRight: '31', pdLeft: '32', examDate: '2025-09-15' });
    send(actor, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    expect(visibleIssues(actor)).toEqual({});
    send(actor, NEXT, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    send(actor, { type: 'customise.addToCart' });
    await waitFor(actor, (s) => s.matches('updated'));
    expect(added[0]).toEqual({
      type: 'cart.updateItem',
      update: {
        itemUid: 'item-7',
        quantity: 2,
        isConfigurable: true,
        item: {
          sku: 'LN1001-TRT-M',
          parentSku: 'LN1001',
          quantity: 2,
          selectedOptions: ['u-progressive', 'i-161', 'k-photo'],
          enteredOptions: [{ uid: 'opt-rx', value: expect.stringContaining('"PROGRESSIVE"') }],
        },
      },
    });
  });

  it('the wizard starts with the product page’s colour and size, its picture follows the colour, and the review lists both', async () => {
    const { actor } = start({ preselect: { color: '50', size: '61' } }, { product: FIXTURE_FRAME_WITH_VALUE_INDEXES });
    const atFrame = await waitFor(actor, (s) => s.matches('frame'));
    expect(atFrame.context.variantSelection).toEqual({ 'attr-color': 'c-tortoise', 'attr-size': 's-m' });
    expect(frameImageOf(atFrame.context)).toBe('/media/catalog/product/a/u/aurora-cat-eye-tortoise-front.png');
    send(actor, { type: 'customise.selectVariant', attributeUid: 'attr-color', valueUid: 'c-black' });
    expect(frameImageOf(actor.getSnapshot().context)).toBe('/media/catalog/product/a/u/aurora-cat-eye-black-front.png');
    send(actor, NEXT, { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' }, NEXT, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
    expect(chosenValueLabels(actor.getSnapshot().context)).toEqual([
      { attribute: 'Colour', value: 'Black' },
      { attribute: 'Size', value: 'M' },
    ]);
  });

  it('a value the frame does not have is ignored (the shopper chooses it)', async () => {
    const { actor } = start({ preselect: { color: '999', size: '62' } }, { product: FIXTURE_FRAME_WITH_VALUE_INDEXES });
    const atFrame = await waitFor(actor, (s) => s.matches('frame'));
    expect(atFrame.context.variantSelection).toEqual({ 'attr-size': 's-l' });
  });

  it('spec §4 Add item: an out-of-stock colour/size from the product page is refused before step 1, in words', async () => {
    const { actor, added } = start({ preselect: { color: '50', size: '62' } }, { product: FIXTURE_FRAME_WITH_VALUE_INDEXES });
    const refused = await waitFor(actor, (s) => s.matches('outOfStock'));
    expect(stepOf(refused)).toBeNull();
    expect(refused.context.stepIssue).toEqual({ code: 'variantOutOfStock', values: { variant: 'Tortoise, L' } });
    // Another colour or size can be chosen; the refused one is forgotten.
    send(actor, { type: 'customise.chooseAnotherVariant' });
    expect(actor.getSnapshot().matches('frame')).toBe(true);
    expect(actor.getSnapshot().context.variantSelection).toEqual({});
    // Chosen again on the frame step, it still cannot go on.
    send(
      actor,
      { type: 'customise.selectVariant', attributeUid: 'attr-color', valueUid: 'c-tortoise' },
      { type: 'customise.selectVariant', attributeUid: 'attr-size', valueUid: 's-l' },
      NEXT,
    );
    expect(actor.getSnapshot().matches('frame')).toBe(true);
    expect(actor.getSnapshot().context.stepIssue?.code).toBe('variantOutOfStock');
    expect(added).toEqual([]);
  });

  it('a frame with no variant in stock cannot start the wizard at all', async () => {
    const soldOut: LensProduct = { ...FIXTURE_FRAME, variants: FIXTURE_FRAME.variants.map((v) => ({ ...v, inStock: false })) };
    const { actor } = start({}, { product: soldOut });
    const refused = await waitFor(actor, (s) => s.matches('outOfStock'));
    expect(refused.context.stepIssue).toEqual({ code: 'frameOutOfStock' });
    expect(refused.can({ type: 'customise.chooseAnotherVariant' })).toBe(false);
  });

  it('a cart line named by its uid is read from the cart first, then reopened with its choices', async () => {
    const line: CartLensChoices = { itemUid: 'item-3', quantity: 1, variantSku: 'LN1001-BLK-L', selectedOptionUids: ['u-plano', 'i-159'], enteredOptions: [] };
    const { actor } = start({ editItemUid: 'item-3' }, { cartLine: async (uid) => ({ ...line, itemUid: uid }) });
    expect(actor.getSnapshot().matches('loadingCartLine')).toBe(true);
    const atFrame = await waitFor(actor, (s) => s.matches('frame'));
    expect(atFrame.context).toMatchObject({
      editing: line,
      usage: 'NON_PRESCRIPTION',
      indexUid: 'i-159',
      variantSelection: { 'attr-color': 'c-black', 'attr-size': 's-l' },
    });
  });

  it('a cart line that cannot be read is an error with a retry, not an empty wizard', async () => {
    const { actor } = start({ editItemUid: 'item-3' }, { cartLine: async () => Promise.reject(new Error('This item is no longer in your cart.')) });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.loadError).toBe('This item is no longer in your cart.');
  });

  it('from the review, each step can be reopened and the review comes back with the same choices', async () => {
    const { actor } = await atUsage();
    send(actor, { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' }, NEXT, ...typedDistance, NEXT, NEXT, NEXT, {
      type: 'customise.goTo',
      step: 'prescription',
    });
    expect(stepOf(actor.getSnapshot())).toBe('prescription');
    send(actor, NEXT, NEXT, NEXT);
    expect(stepOf(actor.getSnapshot())).toBe('review');
  });

  describe('ADR 008: the steps are browser history entries', () => {
    const history = (step: CustomiseStep): CustomiseEvent => ({ type: 'customise.history.step', step });
    /** The wizard at the lenses, a distance prescription typed, then what the URL asks for. */
    async function atLenses() {
      const started = await typedAfterChoosing('SINGLE_VISION_DISTANCE', NEXT);
      expect(stepOf(started.actor.getSnapshot())).toBe('lenses');
      return started;
    }

    it('the first step replaces the URL’s entry, every step after it pushes one, and the choices are kept on each', async () => {
      const { moves, kept, actor } = await atLenses();
      expect(moves()).toEqual([
        { step: 'frame', replace: true },
        { step: 'usage', replace: false },
        { step: 'prescription', replace: false },
        { step: 'lenses', replace: false },
      ]);
      expect(kept.at(-1)).toMatchObject({ usage: 'SINGLE_VISION_DISTANCE', method: 'typed', draft: draftOf(actor) });
    });

    it('Back opens the step the URL shows with everything typed, adds no entry, and Forward comes back', async () => {
      const { actor, moves } = await atLenses();
      const typed = draftOf(actor);
      send(actor, history('prescription'));
      expect(stepOf(actor.getSnapshot())).toBe('prescription');
      expect(draftOf(actor)).toBe(typed);
      send(actor, history('usage'), history('prescription'), history('lenses'));
      expect(stepOf(actor.getSnapshot())).toBe('lenses');
      expect(actor.getSnapshot().context.usage).toBe('SINGLE_VISION_DISTANCE');
      expect(moves()).toHaveLength(4);
      // The wizard's own entry coming back (the router telling what it was told) changes nothing.
      send(actor, history('lenses'));
      expect(moves()).toHaveLength(4);
    });

    it('Forward to a step that cannot open yet leaves the wizard where it is and puts the URL back in place', async () => {
      const { actor, moves } = await atUsage();
      expect(stepOf(actor.getSnapshot())).toBe('usage');
      send(actor, history('review'));
      expect(stepOf(actor.getSnapshot())).toBe('usage');
      expect(moves().at(-1)).toEqual({ step: 'usage', replace: true });
      // Back on the prescription with an invalid one: the lenses cannot open.
      const started = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', 'x'));
      send(started.actor, history('lenses'));
      expect(stepOf(started.actor.getSnapshot())).toBe('prescription');
      expect(started.moves().at(-1)).toEqual({ step: 'prescription', replace: true });
    });

    it('a reload at ?step=lenses opens the lenses with the kept choices and the typed prescription, in place of the URL’s entry', async () => {
      const { kept, actor: before } = await atLenses();
      const { actor, moves } = start({ step: 'lenses', kept: kept.at(-1)! });
      await waitFor(actor, (s) => stepOf(s) !== null);
      expect(stepOf(actor.getSnapshot())).toBe('lenses');
      expect(draftOf(actor)).toEqual(draftOf(before));
      expect(actor.getSnapshot().context.usage).toBe('SINGLE_VISION_DISTANCE');
      // The URL shows the lenses already: nothing to push.
      expect(moves()).toEqual([]);
      send(actor, history('prescription'));
      expect(stepOf(actor.getSnapshot())).toBe('prescription');
      expect(knownPrescription(actor.getSnapshot().context)).not.toBeNull();
    });

    it('a reload at a step its kept choices do not reach opens the furthest step before it, in place', async () => {
      const { kept } = await atUsage();
      const { actor, moves } = start({ step: 'coatings', kept: kept.at(-1)! });
      await waitFor(actor, (s) => stepOf(s) !== null);
      expect(stepOf(actor.getSnapshot())).toBe('usage');
      expect(moves()).toEqual([{ step: 'usage', replace: true }]);
      // Without kept choices (another tab, storage cleared) it is the first step.
      const bare = start({ step: 'review' });
      await waitFor(bare.actor, (s) => stepOf(s) !== null);
      expect(stepOf(bare.actor.getSnapshot())).toBe('frame');
      // Choices kept for another frame (a wizard without a url key, another frame chosen) are not this one's.
      const other = start({ step: 'usage', kept: { ...kept.at(-1)!, urlKey: 'harper-rimless' } });
      await waitFor(other.actor, (s) => stepOf(s) !== null);
      expect(stepOf(other.actor.getSnapshot())).toBe('frame');
    });

    it('spec §4 Add item: "Back to the review" after adding, then "Add to cart", adds nothing: one line', async () => {
      const { actor, added, kept } = await atLenses();
      send(actor, NEXT, NEXT, { type: 'customise.addToCart' });
      await waitFor(actor, (s) => s.matches('added'));
      send(actor, { type: 'customise.goTo', step: 'review' }, { type: 'customise.addToCart' });
      expect(actor.getSnapshot().matches('added')).toBe(true);
      expect(added).toHaveLength(1);
      // A reload after adding keeps that: the line added is kept with the choices.
      const reloaded = start({ step: 'review', kept: kept.at(-1)! });
      await waitFor(reloaded.actor, (s) => s.matches('review'));
      send(reloaded.actor, { type: 'customise.addToCart' });
      expect(reloaded.actor.getSnapshot().matches('added')).toBe(true);
      expect(reloaded.added).toHaveLength(0);
      // Other choices are another pair of glasses: added as a line of its own.
      send(
        actor,
        { type: 'customise.goTo', step: 'review' },
        { type: 'customise.goTo', step: 'coatings' },
        { type: 'customise.toggleCoating', uid: 'k-ar' },
        NEXT,
      );
      send(actor, { type: 'customise.addToCart' });
      expect(actor.getSnapshot().matches('adding')).toBe(true);
      await waitFor(actor, (s) => s.matches('added'));
      expect(added).toHaveLength(2);
    });
  });

  it('generated paths through the wizard keep its invariants in every reachable state', async () => {
    const events = [
      NEXT,
      BACK,
      { type: 'customise.chooseUsage', usage: 'SINGLE_VISION_DISTANCE' },
      { type: 'customise.chooseUsage', usage: 'PROGRESSIVE' },
      { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' },
      { type: 'customise.prescription.chooseMethod', method: 'later' },
      { type: 'customise.prescription.chooseMethod', method: 'typed' },
      { type: 'customise.chooseIndex', uid: 'i-150' },
      { type: 'customise.chooseIndex', uid: 'i-174' },
      { type: 'customise.toggleCoating', uid: 'k-ar' },
      { type: 'customise.addToCart' },
      { type: 'xstate.done.actor.cartReady', output: true },
      { type: 'customise.cart.done' },
      { type: 'customise.cart.failed', message: 'Cart failed' },
    ] as AnyEventObject[] as CustomiseEvent[];
    const serializeState = (s: CustomiseSnapshot) => {
      const c = s.context;
      return JSON.stringify([s.value, c.usage, c.method, c.indexUid, c.coatingUids, c.addError, c.stepIssue?.code ?? null]);
    };
    const adding = vi.fn();
    let pathCount = 0;
    // What was typed lives in the form child, which the pure traversal does not run: each traversal
    // starts from a form holding a strong valid prescription (a forced 1.67) or an invalid one.
    for (const odSph of ['-5.00', 'x']) {
      const { actor } = await typedAfterChoosing('SINGLE_VISION_DISTANCE', change('od.sph', odSph), BACK, BACK);
      expect(stepOf(actor.getSnapshot())).toBe('frame');
      const { form } = actor.getSnapshot().context;
      const typed = draftOf(actor);
      // Nothing is executed in a traversal (no request reaches a cart): the line is checked instead.
      const traversed = actor.logic;
      const live = actor.getSnapshot();
      const fromState = traversed.resolveState({ value: live.value, context: live.context });
      const paths = getShortestPaths(traversed, { fromState, events, serializeState, limit: 200_000 });
      pathCount += paths.length;
      for (const { state } of paths) {
        const c = state.context;
        const step = stepOf(state);
        if (state.matches('lenses') || state.matches('coatings') || state.matches('review') || state.matches('adding') || state.matches('added')) {
          // Past the prescription: it is complete and valid for the usage (or not needed).
          expect(prescriptionStepIssue(c) === null || c.usage === 'NON_PRESCRIPTION', serializeState(state)).toBe(true);
        }
        if (state.matches('coatings') || state.matches('review') || state.matches('adding') || state.matches('added')) {
          // The lens chosen suits the prescription: forced upgrades are never undone by a later choice.
          const index = c.product?.indexOption?.values.find((v) => v.uid === c.indexUid);
          expect(index, serializeState(state)).toBeDefined();
          expect(lensIndexIssue(index!, knownPrescription(c), c.product?.frame ?? null), serializeState(state)).toBeNull();
        }
        if (state.matches('adding')) {
          adding();
          const item = cartItemOf(c)!;
          expect(item.selectedOptions).toContain(c.product!.usageOption!.values.find((v) => v.usage === c.usage)!.uid);
          expect(item.enteredOptions.length).toBe(c.usage === 'NON_PRESCRIPTION' ? 0 : 1);
        }
        if (c.addError) expect(state.matches('review') || state.matches('adding') || state.matches('added') || step !== null).toBe(true);
        // What was typed is never lost, whatever the path: the wizard keeps the one form it started with.
        expect(c.form).toBe(form);
        expect(c.form.getSnapshot().context.draft).toBe(typed);
      }
    }
    expect(pathCount).toBeGreaterThan(500);
    expect(adding).toHaveBeenCalled();
  }, 120_000);
});
