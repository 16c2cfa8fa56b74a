import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import {
  FIXTURE_FRAME,
  FIXTURE_FRAME_WITH_VALUE_INDEXES,
  FIXTURE_RIMLESS_FRAME,
  FIXTURE_SAVED_PRESCRIPTIONS,
  FIXTURE_SUNGLASSES_FRAME,
} from '../../machines/customise/customise.fixtures';
import { shopFailureMessage } from '../../machines/shared/shop-failure';
import { emptyPrescriptionDraft } from '../../../rules/eyewear/prescription';
import { CustomiseWizardAt } from '../../../.storybook/customise-story-actor';

/**
 * The lens wizard of /customize/{urlkey?} in each state of the `customise` machine (eyewear notes
 * "lens flow"): every story starts the machine from a snapshot; effects never settle.
 */
const meta = preview.meta({
  title: 'Eyewear/Customise',
  component: CustomiseWizardAt,
  parameters: { shop: { route: '/customize/aurora-cat-eye' } },
});

const chosenFrame = { product: FIXTURE_FRAME, variantSelection: { 'attr-color': 'c-black', 'attr-size': 's-m' } };
const typedDraft = {
  ...emptyPrescriptionDraft(),
  od: { ...emptyPrescriptionDraft().od, sph: '-5.00' },
  os: { ...emptyPrescriptionDraft().os, sph: '-4.50', cyl: '-0.75', axis: '90' },
  pd: '63',
  examDate: '2025-09-15',
};
const throughLenses = {
  ...chosenFrame,
  usage: 'SINGLE_VISION_DISTANCE' as const,
  indexUid: 'i-167',
  forcedIndex: { fromUid: null, toUid: 'i-167', reason: 'prescription' as const },
};
/** The prescription typed on the way (the wizard's `prescriptionForm` child). */
const typedForm = { draft: typedDraft };

/** The wizard's first, transient state: it moves straight on to loading the frame named by the URL. */
export const Starting = meta.story({
  args: { value: 'starting' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the frame and its lenses…');
  },
});

export const LoadingProduct = meta.story({
  args: { value: 'loadingProduct' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the frame and its lenses…');
  },
});

/** ADR 008: the frame is in; a reload's step opens once the form holds the kept prescription (an instant). */
export const Resuming = meta.story({
  args: { value: 'resuming', context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' as const, requestedStep: 'lenses' as const } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the frame and its lenses…');
  },
});

export const LoadFailed = meta.story({
  args: { value: 'loadFailed', context: { loadError: shopFailureMessage('frameNotFound') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('There is no frame at this address. Choose a frame in the shop, then its lenses.');
    // Spec §8: no retry can find a frame the address does not name; the way on is the store view's eyeglasses.
    await expect(within(alert).getByRole('link', { name: 'Choose a frame' })).toHaveAttribute('href', expect.stringMatching(/\/eyeglasses\.html$/));
    await expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  },
});

/** Spec §8: a client library's raw text (a URL, a long token) is never shown: the shop's own words are. */
export const LoadFailedRaw = meta.story({
  tags: ['shows-error'],
  args: {
    value: 'loadFailed',
    context: { loadError: 'An error occurred! For more details, see the full error text at https://go.apollo.dev/c/err#%7B%22version%22' },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).not.toHaveTextContent(/go\.apollo\.dev|An error occurred!/);
    await expect(alert).not.toBeEmptyDOMElement();
  },
});

export const LoadingFrames = meta.story({
  args: { value: 'loadingFrames', input: { urlKey: null } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeVisible();
  },
});

export const ChoosingFrame = meta.story({
  args: {
    value: 'choosingFrame',
    input: { urlKey: null },
    context: {
      urlKey: null,
      frames: [
        { urlKey: 'aurora-cat-eye', name: 'Aurora Cat-Eye', price: 176.73, currency: 'CAD', imageUrl: null },
        { urlKey: 'milo-round', name: 'Milo Round', price: 130.15, currency: 'CAD', imageUrl: null },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Choose a frame' })).toBeVisible();
    await expect(await canvas.findAllByRole('button')).toHaveLength(2);
  },
});

export const NotCustomisable = meta.story({
  args: { value: 'notCustomisable', context: { product: { ...FIXTURE_FRAME, usageOption: null, indexOption: null } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This product cannot be fitted with lenses online.');
  },
});

export const Frame = meta.story({
  args: { value: 'frame', context: { product: FIXTURE_FRAME } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Choose a colour.');
    await userEvent.click(await canvas.findByRole('radio', { name: 'Black' }));
    await userEvent.click(await canvas.findByRole('radio', { name: 'M' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('heading', { name: 'What are the lenses for?' })).toBeVisible();
  },
});

export const Usage = meta.story({
  args: { value: 'usage', context: chosenFrame },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: /Progressive/ })).toBeEnabled();
    await expect(await canvas.findByRole('list')).toBeVisible();
  },
});

/** ADR 035 "Frame only": the first step offers the frame alone, at the price of the frame. */
export const UsageFrameOnly = meta.story({
  args: { value: 'usage', context: { ...chosenFrame, usage: 'FRAME_ONLY' as const } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const frameOnly = await canvas.findByRole('radio', { name: /^Frame only – no lenses/ });
    await expect(frameOnly).toBeChecked();
    await expect(frameOnly).toHaveAccessibleDescription(/The frame alone, without lenses: no prescription, the price of the frame\./);
    // The progress list skips the prescription, lens and coating steps.
    await expect(canvas.getByRole('list')).not.toHaveTextContent(/Prescription|Lens thickness|Coatings/);
  },
});

export const UsageWithProgressiveRefused = meta.story({
  args: { value: 'usage', context: { product: FIXTURE_RIMLESS_FRAME, variantSelection: { 'attr-color': 'c-gold' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const progressive = await canvas.findByRole('radio', { name: /Progressive/ });
    await expect(progressive).toBeDisabled();
    await expect(await canvas.findByText('Progressive lenses need a lens height of at least 30 mm; this frame’s is 26 mm.')).toBeVisible();
  },
});

export const PrescriptionTyped = meta.story({
  args: { value: { prescription: 'editing' }, context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sph = await canvas.findByLabelText('OD (right eye) SPH');
    await userEvent.type(sph, '2.30');
    await userEvent.tab();
    await expect(sph).toHaveAttribute('aria-invalid', 'true');
    await expect(await canvas.findByText('SPH needs its sign: +2.30 or -2.30.')).toBeVisible();
  },
});

/** What was typed is in the wizard's `prescriptionForm` child: it is there again after a step back and forth. */
export const PrescriptionKeptThroughSteps = meta.story({
  args: { value: { prescription: 'editing' }, context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('OD (right eye) SPH'), '-1.75');
    await userEvent.type(await canvas.findByLabelText('PD'), '63');
    await userEvent.click(await canvas.findByRole('button', { name: 'Back' }));
    await expect(await canvas.findByRole('heading', { name: 'What are the lenses for?' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-1.75');
    await expect(await canvas.findByLabelText('PD')).toHaveValue('63');
  },
});

export const PrescriptionWithErrors = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'PROGRESSIVE' },
    form: { draft: { ...typedDraft, od: { ...typedDraft.od, sph: '-2.30', cyl: '-0.50' }, examDate: '2023-01-10' }, checked: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/values need fixing/)).toBeVisible();
    const sph = await canvas.findByLabelText('OD (right eye) SPH');
    await expect(sph).toHaveAccessibleDescription('SPH goes in steps of 0.25 (for example -2.25 or +1.50).');
    await expect(sph).toHaveValue('-2.30');
    await expect(await canvas.findByLabelText('OD (right eye) AXIS')).toHaveAccessibleDescription('AXIS is required when CYL is not 0.');
    await expect(await canvas.findByLabelText('PD')).toHaveAccessibleDescription(
      /^Progressive lenses need the PD of each eye \(dual PD\)\. The distance between your pupils/,
    );
    await expect(await canvas.findByLabelText('Exam date')).toHaveAccessibleDescription(/more than two years old/);
  },
});

/** Required fields marked (and aria-required), a PD hint instead of a value-like placeholder, eyes named in plain words, no "glasses or contact lenses" in a glasses order. */
export const PrescriptionRequiredFields = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Fields marked * are required.')).toBeVisible();
    await expect(await canvas.findByLabelText('Exam date')).toBeRequired();
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toBeRequired();
    await expect(await canvas.findByLabelText('OD (right eye) CYL')).not.toBeRequired();
    const pd = await canvas.findByLabelText('PD');
    await expect(pd).toBeRequired();
    await expect(pd).not.toHaveAttribute('placeholder');
    await expect(pd).toHaveAccessibleDescription(/most adults are between 54 and 74/);
    // The values' rows, and the prism's.
    await expect(await canvas.findAllByText('Right eye (OD)')).toHaveLength(2);
    await expect(await canvas.findAllByText('Left eye (OS)')).toHaveLength(2);
    await expect(canvas.queryByLabelText('This prescription is for')).toBeNull();
  },
});

export const PrescriptionContactLenses = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' },
    form: { draft: { ...typedDraft, kind: 'contact-lenses' }, checked: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A glasses order does not ask "glasses or contact lenses"; a contact-lens
    // prescription (a saved one) is still refused, in words.
    await expect(canvas.queryByLabelText('This prescription is for')).toBeNull();
    await expect(await canvas.findByText(/contact-lens prescription cannot be used for glasses/)).toBeVisible();
  },
});

export const PrescriptionWithPrism = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_READING' },
    form: { draft: { ...typedDraft, od: { ...typedDraft.od, add: '+2.00', prism: '6' } }, checked: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('OD (right eye) ADD')).toHaveValue('+2.00');
    await expect(await canvas.findByLabelText('OD (right eye) Prism Δ')).toHaveAccessibleDescription(
      'Prism must be more than 0 and at most 5.00 Δ, in steps of 0.25.',
    );
  },
});

export const PrescriptionLoadingSaved = meta.story({
  args: {
    value: { prescription: 'loadingSaved' },
    input: { isSignedIn: true },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', isSignedIn: true, method: 'saved' },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your saved prescriptions…')).toBeVisible();
  },
});

export const PrescriptionSavedFailed = meta.story({
  args: {
    value: { prescription: 'savedFailed' },
    input: { isSignedIn: true },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', isSignedIn: true, method: 'saved', savedError: "The current customer isn't authorized." },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("The current customer isn't authorized.")).toBeVisible();
  },
});

export const PrescriptionSaved = meta.story({
  args: {
    value: { prescription: 'editing' },
    input: { isSignedIn: true },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', isSignedIn: true, method: 'saved', savedPrescriptions: FIXTURE_SAVED_PRESCRIPTIONS },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Distance glasses 2025/ }));
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await expect(await canvas.findByRole('radio', { name: /Old reading glasses — expired/ })).toBeVisible();
  },
});

export const PrescriptionUpload = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', method: 'upload', fileIssue: { code: 'fileTooLarge', values: { size: '12.4' } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The file is 12.4 MB: upload a file of 10 MB or less.')).toBeVisible();
    await expect(await canvas.findByLabelText(/Photo or PDF of your prescription/)).toHaveAttribute('aria-invalid', 'true');
  },
});

const attachedPdf = { name: 'ordonnance-2026.pdf', size: 48_213, type: 'application/pdf' };

export const PrescriptionUploading = meta.story({
  args: {
    value: { prescription: 'uploading' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', method: 'upload', file: attachedPdf, fileBody: new Blob(['%PDF-1.4']), uploadProgress: 0.42 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Uploading ordonnance-2026.pdf… 42%');
    await expect(await canvas.findByRole('progressbar', { name: 'ordonnance-2026.pdf' })).toHaveAttribute('value', '42');
  },
});

export const PrescriptionUploadFailed = meta.story({
  args: {
    value: { prescription: 'uploadFailed' },
    context: {
      ...chosenFrame,
      usage: 'SINGLE_VISION_DISTANCE',
      method: 'upload',
      file: attachedPdf,
      fileBody: new Blob(['%PDF-1.4']),
      uploadError: 'The file content is not a valid PDF file. Upload a JPG, PNG or PDF file.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('ordonnance-2026.pdf could not be uploaded. The file content is not a valid PDF file.');
    // The choice is kept: the upload method stays selected, with a retry.
    await expect(await canvas.findByRole('radio', { name: 'Upload a photo or PDF' })).toBeChecked();
    await expect(await canvas.findByRole('button', { name: 'Upload again' })).toBeVisible();
  },
});

export const PrescriptionUploaded = meta.story({
  args: {
    value: { prescription: 'editing' },
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE', method: 'upload', file: attachedPdf, upload: { id: 'Q7x2', reference: 'Q7x2.9f3e' } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Uploaded: ordonnance-2026.pdf/)).toBeVisible();
  },
});

export const PrescriptionLater = meta.story({
  args: { value: { prescription: 'editing' }, context: { ...chosenFrame, usage: 'PROGRESSIVE', method: 'later' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/send us your prescription afterwards/)).toBeVisible();
  },
});

export const LensesForcedUpgrade = meta.story({
  args: { value: 'lenses', context: throughLenses, form: typedForm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Your prescription needs thinner lenses/)).toHaveTextContent('1.67 Extra thin');
    await expect(await canvas.findByRole('radio', { name: /1.50 Standard/ })).toBeDisabled();
    await expect(await canvas.findByRole('radio', { name: /1.67 Extra thin/ })).toBeChecked();
    // Each card explains itself and prices itself against the chosen 1.67 (122.40 CAD).
    await expect(canvas.getByRole('radio', { name: '1.67 Extra thin' })).toHaveAccessibleDescription(
      'Recommended for your prescription Extra thin, for strong prescriptions (beyond ±4.00). + $122.40',
    );
    await expect(canvas.getByRole('radio', { name: '1.74 Ultra thin' })).toHaveAccessibleDescription(/very strong prescriptions.*\+ \$81\.60$/);
  },
});

/**
 * Sunglasses without a prescription: their own sun lens, included, named as it is sold (ADR 035 "The
 * sun lens by name"); no clearer index to buy (rules/eyewear "sunglasses"), and no upgrade notice.
 */
export const SunglassesOwnSunLens = meta.story({
  args: {
    value: 'lenses',
    context: { product: FIXTURE_SUNGLASSES_FRAME, variantSelection: chosenFrame.variantSelection, usage: 'NON_PRESCRIPTION' as const, indexUid: 'i-150-sun' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const own = await canvas.findByRole('radio', { name: '1.50 Tinted UV400 sun lens' });
    await expect(own).toBeChecked();
    await expect(own).toHaveAccessibleDescription(/tinted sun lens, blocking all UV rays \(UV400\)/);
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: '1.67 Extra thin' })).toBeDisabled();
    // The rimless sunglasses' sun lens is not theirs: not offered at all.
    await expect(canvas.queryByRole('radio', { name: /1.59 Tinted UV400 sun lens/ })).toBeNull();
    await expect(canvas.queryByRole('status', { name: /we selected/ })).toBeNull();
  },
});

/** A rimless frame without a prescription: the lens is moved to polycarbonate for the drilling, and the notice says so, not "thinner" (ADR 035). */
export const LensesForcedForRimless = meta.story({
  args: {
    value: 'lenses',
    context: {
      product: FIXTURE_RIMLESS_FRAME,
      variantSelection: { 'attr-color': 'c-gold' },
      usage: 'NON_PRESCRIPTION' as const,
      indexUid: 'i-159',
      forcedIndex: { fromUid: null, toUid: 'i-159', reason: 'rimless' as const },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByText(/Rimless frames hold their lenses by holes drilled through them/);
    await expect(notice).toHaveTextContent('which needs a stronger lens: we selected 1.59 Polycarbonate.');
    await expect(canvas.queryByText(/thinner lenses/)).toBeNull();
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toBeDisabled();
  },
});

/** Lens cards chosen with the keyboard; every other card's price follows the new choice. */
export const LensesPricedAgainstTheChoice = meta.story({
  args: { value: 'lenses', context: { ...chosenFrame, usage: 'NON_PRESCRIPTION' as const, indexUid: 'i-150' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const standard = await canvas.findByRole('radio', { name: '1.50 Standard' });
    await expect(standard).toHaveAccessibleDescription(/Included$/);
    await expect(canvas.getByRole('radio', { name: '1.61 Thin' })).toHaveAccessibleDescription(/\+ \$68\.00$/);
    standard.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await canvas.findByRole('radio', { name: '1.59 Polycarbonate' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: '1.59 Polycarbonate' })).toHaveAccessibleDescription(/\+ \$40\.80$/);
    await expect(canvas.getByRole('radio', { name: '1.61 Thin' })).toHaveAccessibleDescription(/\+ \$27\.20$/);
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toHaveAccessibleDescription(/− \$40\.80$/);
  },
});

/**
 * SPH -2.25 / CYL -0.75 (-3.00 on its strongest meridian) is recommended a thin lens; the
 * 1.50 kept by default is allowed, with a warning; choosing the recommended one clears it.
 */
export const LensesRecommendedForThePrescription = meta.story({
  args: {
    value: 'lenses',
    context: { ...chosenFrame, usage: 'SINGLE_VISION_DISTANCE' as const, indexUid: 'i-150' },
    form: {
      draft: {
        ...typedDraft,
        od: { ...typedDraft.od, sph: '-2.25', cyl: '-0.75', axis: '90' },
        os: { ...typedDraft.os, sph: '-2.00', cyl: '', axis: '' },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thin = await canvas.findByRole('radio', { name: '1.61 Thin' });
    await expect(thin).toHaveAccessibleDescription(/^Recommended for your prescription Thinner and lighter/);
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).not.toHaveAccessibleDescription(/Recommended/);
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toBeEnabled();
    await expect(
      await canvas.findByText(
        'For your prescription (-3.00 on its strongest meridian) we recommend a 1.61 index or higher: these lenses will be thicker and heavier at the edges.',
      ),
    ).toBeVisible();
    await userEvent.click(thin);
    await expect(thin).toBeChecked();
    await expect(canvas.queryByText(/we recommend a 1.61 index/)).toBeNull();
  },
});

export const LensesRefused = meta.story({
  args: {
    value: 'lenses',
    context: {
      ...throughLenses,
      product: { ...FIXTURE_FRAME, indexOption: { ...FIXTURE_FRAME.indexOption!, values: FIXTURE_FRAME.indexOption!.values.slice(0, 3) } },
      indexUid: null,
      forcedIndex: null,
    },
    form: typedForm,
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Your prescription needs a lens index of 1.67 or more, which this frame does not offer.'),
    ).toBeVisible();
  },
});

export const Coatings = meta.story({
  args: { value: 'coatings', context: { ...throughLenses, coatingUids: ['k-ar'] }, form: typedForm },
  play: async ({ canvasElement }) => {
    const antiReflective = await within(canvasElement).findByRole('checkbox', { name: 'Anti-reflective' });
    await expect(antiReflective).toBeChecked();
    await expect(antiReflective).toHaveAccessibleDescription(/^Cuts glare and reflections.*\+ \$34\.00$/);
  },
});

/** Prescription lenses for sunglasses left clear: the step says a sun tint or polarised is needed. */
export const SunglassesPrescriptionNeedsSunLens = meta.story({
  args: {
    value: 'coatings',
    context: {
      ...throughLenses,
      product: FIXTURE_SUNGLASSES_FRAME,
      coatingUids: [],
      stepIssue: { code: 'sunLensRequired' as const },
    },
    form: typedForm,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Prescription lenses for sunglasses need a sun tint or a polarised treatment');
    await expect(canvas.getByRole('checkbox', { name: 'Polarised' })).toBeEnabled();
  },
});

/** Photochromic, a sun tint and polarised lenses exclude each other; the cards say why. */
export const CoatingsExcludeEachOther = meta.story({
  args: { value: 'coatings', context: { ...throughLenses, coatingUids: ['k-photo'] }, form: typedForm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tint = await canvas.findByRole('checkbox', { name: 'Sun tint' });
    await expect(tint).toBeDisabled();
    await expect(tint).toHaveAccessibleDescription(/^Not with Photochromic\./);
    await expect(canvas.getByRole('checkbox', { name: 'Polarised' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Anti-reflective' })).toBeEnabled();
    // Taking photochromic off frees the others.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Photochromic' }));
    await expect(canvas.getByRole('checkbox', { name: 'Sun tint' })).toBeEnabled();
    await expect(canvas.getByRole('checkbox', { name: 'Polarised' })).toHaveAccessibleDescription(/^Sunglasses lenses/);
  },
});

export const Review = meta.story({
  args: { value: 'review', context: { ...throughLenses, coatingUids: ['k-ar'] }, form: typedForm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(table).toHaveTextContent('Aurora Cat-Eye');
    await expect(table).toHaveTextContent('1.67 Extra thin');
    await expect(table).toHaveTextContent('$331.40');
    await expect(await canvas.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
  },
});

/** ADR 035 "Frame only": the review prices the frame alone, with no lens or coating to change. */
export const ReviewFrameOnly = meta.story({
  args: { value: 'review', context: { ...chosenFrame, usage: 'FRAME_ONLY' as const, indexUid: 'i-161', coatingUids: ['k-ar'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(table).toHaveTextContent('Frame only – no lenses');
    await expect(table).not.toHaveTextContent(/1\.61|Anti-reflective/);
    await expect(table).toHaveTextContent('$175.00');
    await expect(canvas.queryByRole('button', { name: 'Change lenses' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Change coatings' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Change lens type' })).toBeEnabled();
  },
});

export const AddedFrameOnly = meta.story({
  args: { value: 'added', context: { ...chosenFrame, usage: 'FRAME_ONLY' as const } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Aurora Cat-Eye is in your cart, without lenses.' })).toBeVisible();
  },
});

/** A progressive's review names the ADD of each eye and the PD of each, as the cart and the order do. */
export const ReviewProgressive = meta.story({
  args: {
    value: 'review',
    context: { ...throughLenses, usage: 'PROGRESSIVE' as const },
    form: {
      draft: {
        ...typedDraft,
        od: { ...typedDraft.od, add: '+2.00' },
        os: { ...typedDraft.os, add: '+2.25' },
        pdMode: 'dual' as const,
        pd: '',
        pdRight: '31.5',
        pdLeft: '32',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('OD -5.00 ADD +2.00 · OS -4.50 -0.75 × 90 ADD +2.25 · PD 31.5/32')).toBeVisible();
  },
});

export const ReviewInFrench = meta.story({
  args: { value: 'review', context: { ...throughLenses, coatingUids: ['k-ar'] }, form: typedForm },
  parameters: { shop: { locale: 'fr-FR', storeCode: 'fr' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Ajouter au panier' }, { timeout: 10_000 })).toBeVisible();
  },
});

/** The cart is still loading (a reload on the wizard): the line waits for it. */
export const AddingWaitingForCart = meta.story({
  args: { value: { adding: 'waitingForCart' }, context: { ...throughLenses }, form: typedForm },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Adding…' })).toBeDisabled();
  },
});

/** The cart machine has the wizard's event and its call is running. */
export const AddingSending = meta.story({
  args: { value: { adding: 'sending' }, context: { ...throughLenses }, form: typedForm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Adding…' })).toHaveAttribute('aria-busy', 'true');
    await expect(await canvas.findByRole('button', { name: 'Back' })).toBeDisabled();
  },
});

export const AddFailed = meta.story({
  args: { value: 'review', context: { ...throughLenses, addError: 'The requested qty is not available' }, form: typedForm },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your glasses could not be added to the cart: The requested qty is not available')).toBeVisible();
    await expect(await canvas.findByRole('table')).toHaveTextContent('1.67 Extra thin');
  },
});

export const Added = meta.story({
  args: { value: 'added', context: { ...throughLenses }, form: typedForm },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Go to the cart' })).toBeVisible();
  },
});

/** The product page's colour and size are chosen; the picture is that colour's. */
export const FrameFromProductPage = meta.story({
  args: { value: 'frame', context: { product: FIXTURE_FRAME_WITH_VALUE_INDEXES, variantSelection: { 'attr-color': 'c-tortoise', 'attr-size': 's-m' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: 'Tortoise' })).toBeChecked();
    await expect(await canvas.findByRole('radio', { name: 'M' })).toBeChecked();
    await expect(await canvas.findByTestId('customise-frame-image')).toHaveAttribute('src', '/media/catalog/product/a/u/aurora-cat-eye-tortoise-front.png');
    // A card per size, named by its value, its stock in its description.
    await expect(await canvas.findByRole('radio', { name: 'L' })).toHaveAccessibleDescription('(out of stock)');
    await userEvent.click(await canvas.findByRole('radio', { name: 'Black' }));
    await expect(await canvas.findByTestId('customise-frame-image')).toHaveAttribute('src', '/media/catalog/product/a/u/aurora-cat-eye-black-front.png');
  },
});

/** `?edit={itemUid}`: the cart line's options are read before the frame. */
export const LoadingCartLine = meta.story({
  args: { value: 'loadingCartLine', input: { editItemUid: 'item-7' }, context: { editItemUid: 'item-7' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the frame and its lenses…');
  },
});

/** The colour and size chosen on the product page is out of stock: refused before step 1. */
export const OutOfStock = meta.story({
  args: {
    value: 'outOfStock',
    context: {
      product: FIXTURE_FRAME_WITH_VALUE_INDEXES,
      variantSelection: { 'attr-color': 'c-tortoise', 'attr-size': 's-l' },
      stepIssue: { code: 'variantOutOfStock', values: { variant: 'Tortoise, L' } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This frame is out of stock in Tortoise, L: choose another colour or size to fit lenses.');
    await expect(canvas.queryByRole('navigation', { name: 'Steps' })).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Choose another colour or size' }));
    await expect(await canvas.findByRole('heading', { name: 'Your frame' })).toBeVisible();
    await expect(await canvas.findByRole('radio', { name: 'Tortoise' })).not.toBeChecked();
  },
});

/** The whole frame is sold out: nothing to choose instead, only the way back. */
export const FrameOutOfStock = meta.story({
  args: {
    value: 'outOfStock',
    context: {
      product: { ...FIXTURE_FRAME_WITH_VALUE_INDEXES, variants: FIXTURE_FRAME_WITH_VALUE_INDEXES.variants.map((v) => ({ ...v, inStock: false })) },
      stepIssue: { code: 'frameOutOfStock' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This frame is out of stock: lenses cannot be fitted to it for now.');
    await expect(canvas.queryByRole('button', { name: 'Choose another colour or size' })).toBeNull();
    await expect(await canvas.findByRole('link', { name: 'Back to the frame' })).toHaveAttribute('href', '/aurora-cat-eye.html');
  },
});

/** The review lists colour and size; every "Change" names its step. */
export const ReviewNamesEveryChange = meta.story({
  args: {
    value: 'review',
    context: { ...throughLenses, product: FIXTURE_FRAME_WITH_VALUE_INDEXES, variantSelection: { 'attr-color': 'c-tortoise', 'attr-size': 's-m' } },
    form: typedForm,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Colour')).toBeVisible();
    await expect((await canvas.findByText('Colour')).nextElementSibling).toHaveTextContent('Tortoise');
    await expect((await canvas.findByText('Size')).nextElementSibling).toHaveTextContent('M');
    await expect(await canvas.findByTestId('customise-review-image')).toHaveAttribute('src', '/media/catalog/product/a/u/aurora-cat-eye-tortoise-front.png');
    for (const name of ['Change frame', 'Change lens type', 'Change prescription', 'Change lenses', 'Change coatings']) {
      await expect(await canvas.findByRole('button', { name })).toBeVisible();
    }
  },
});

/** The edited cart line is replaced: back to the cart. */
export const Updated = meta.story({
  args: {
    value: 'updated',
    context: { ...throughLenses, editing: { itemUid: 'item-7', quantity: 1, variantSku: 'LN1001-BLK-M', selectedOptionUids: [], enteredOptions: [] } },
    form: typedForm,
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Your cart is updated.');
  },
});

/** The customise machine's state paths (ancestors included) for a story's `args.value`. */
function statePathsOf(value: unknown, prefix = 'customise'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [`${prefix}.${key}`, ...statePathsOf(child, `${prefix}.${key}`)]);
  }
  return [];
}

// These stories start their own wizard actor (CustomiseWizardAt), so each declares the state it
// shows for the story coverage test (every state of every machine has a story).
for (const story of [
  Starting,
  LoadingProduct,
  Resuming,
  LoadFailed,
  LoadingFrames,
  ChoosingFrame,
  NotCustomisable,
  Frame,
  Usage,
  UsageWithProgressiveRefused,
  PrescriptionTyped,
  PrescriptionKeptThroughSteps,
  PrescriptionWithErrors,
  PrescriptionContactLenses,
  PrescriptionWithPrism,
  PrescriptionLoadingSaved,
  PrescriptionSavedFailed,
  PrescriptionSaved,
  PrescriptionUpload,
  PrescriptionUploading,
  PrescriptionUploadFailed,
  PrescriptionUploaded,
  PrescriptionLater,
  LensesForcedUpgrade,
  LensesRefused,
  Coatings,
  Review,
  ReviewInFrench,
  AddingWaitingForCart,
  AddingSending,
  AddFailed,
  Added,
  FrameFromProductPage,
  LoadingCartLine,
  OutOfStock,
  FrameOutOfStock,
  ReviewNamesEveryChange,
  Updated,
]) {
  const input: { args?: { value?: unknown }; parameters?: Record<string, unknown> } = story.input;
  input.parameters = { ...input.parameters, machineStates: statePathsOf(input.args?.value) };
}
