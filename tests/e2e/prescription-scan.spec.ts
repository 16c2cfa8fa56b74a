/**
 * "Scan your prescription" (eyewear notes "Prescription rules"; the reader: ADR 043): a phone photo
 * of a printed slip, chosen as a photo file or taken with Chromium's fake camera in the lens wizard's
 * prescription step, is read on the device by the real reader of the production build. The form is
 * pre-filled, every field the reader marked is corrected to the paper's value by typing it (the camera's
 * slip always has one, its exam date) or confirmed, and the cart line carries the values.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, testChromiumPath } from '../../scripts/chromium';
import { expect, test, type Page } from './helpers/test';
import { toPrescriptionStep } from './helpers/lens-wizard';
import { PHONE } from './helpers/phone-layout';

const SAMPLES = resolve(import.meta.dirname, '../prescription-slips/samples');

interface SampleSlip {
  id: string;
  photo: string;
  truth: { od: Record<string, string>; os: Record<string, string>; pd: string; examDate: string };
}

const samples = JSON.parse(readFileSync(resolve(SAMPLES, 'manifest.json'), 'utf8')) as { slips: SampleSlip[]; camera: string };
/** An American ruled table, photographed with little distortion: its true values are in the manifest. */
const fileSlip = samples.slips.find((s) => s.id === 's0001')!;
/**
 * The camera's slip (tests/prescription-slips/samples.ts): a British ruled table with R/L labels whose
 * exam date reads either way round, so the reader marks it "Check this" (ADR 043) and the shopper has a
 * marked field to correct.
 */
const cameraSlip = samples.slips.find((s) => `${s.id}.mjpeg` === samples.camera)!;

// Chromium's fake camera plays a phone video of the slip (the sample's .mjpeg); launch options force a worker of this file's own.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: testChromiumPath(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${resolve(SAMPLES, samples.camera)}`,
    ],
  },
});

/**
 * A field the reader is unsure of (or the rules refuse) is marked "Check this": the shopper compares it
 * with the paper, types the paper's value over a wrong one (the mark goes), and confirms the marked
 * values that match the paper with "These values match my paper" — or, for the fields in `retype`,
 * types the paper's value over the marked field whatever it holds (the field cleared, then typed), so
 * the typed correction is what the form keeps. What was not marked must be the paper's value already.
 * Returns the marked fields, those corrected by typing and those confirmed.
 */
async function checkMarkedFields(page: Page, slip: SampleSlip, retype: readonly string[] = []) {
  const fields: [label: string, value: string][] = [
    ['OD (right eye) SPH', slip.truth.od.sph!],
    ['OD (right eye) CYL', slip.truth.od.cyl!],
    ['OD (right eye) AXIS', slip.truth.od.axis!],
    ['OS (left eye) SPH', slip.truth.os.sph!],
    ['OS (left eye) CYL', slip.truth.os.cyl!],
    ['OS (left eye) AXIS', slip.truth.os.axis!],
    ['PD', slip.truth.pd],
    ['Exam date', slip.truth.examDate],
  ];
  const corrected: string[] = [];
  const confirmed: string[] = [];
  for (const [label, value] of fields) {
    const input = page.getByLabel(label, { exact: true });
    if (!(await input.getAttribute('aria-describedby'))?.includes('-check')) continue;
    await expect(input).toHaveAccessibleDescription(/Check this/);
    if ((await input.inputValue()) === value && !retype.includes(label)) {
      confirmed.push(label);
      continue;
    }
    // The shopper clears the field and types the paper's value (a date field takes the date whole).
    await input.clear();
    if ((await input.getAttribute('type')) === 'date') await input.fill(value);
    else await input.pressSequentially(value);
    await expect(input).not.toHaveAccessibleDescription(/Check this/);
    await expect(input).toHaveValue(value);
    corrected.push(label);
  }
  for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  if (confirmed.length) await page.getByRole('button', { name: 'These values match my paper' }).click();
  console.log(`after the scan: corrected ${corrected.join(', ') || 'none'}; confirmed ${confirmed.join(', ') || 'none'}`);
  await expect(page.getByText('Check this', { exact: true })).toHaveCount(0);
  return { marked: [...corrected, ...confirmed], corrected, confirmed };
}

/** The wizard's lens and extras steps to "Add to cart": the line's prescription (its entered option) holds the paper's values. */
async function addToCartCarries(page: Page, slip: SampleSlip) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[type=radio]:not([disabled])').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  const added = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('addProductsToCart'));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const variables = (JSON.parse((await added).postData() ?? '{}') as { variables: { enteredOptions: { value: string }[] } }).variables;
  expect(variables.enteredOptions.map((option) => JSON.parse(option.value) as unknown)).toContainEqual(
    expect.objectContaining({
      exam_date: slip.truth.examDate,
      od: expect.objectContaining({ sph: Number(slip.truth.od.sph), cyl: Number(slip.truth.od.cyl), axis: Number(slip.truth.od.axis) }),
      os: expect.objectContaining({ sph: Number(slip.truth.os.sph), cyl: Number(slip.truth.os.cyl), axis: Number(slip.truth.os.axis) }),
      pd: expect.objectContaining({ single: Number(slip.truth.pd) }),
    }),
  );
  await expect(page.getByText('Aurora Cat-Eye is in your cart with your lenses.')).toBeVisible();
}

test.describe('scan your prescription from a photo file (eyewear notes "Prescription rules")', () => {
  // The reader's first load (its script, core and model) and the reading: more than the default minute on 2 busy cores.
  test.describe.configure({ timeout: 240_000 });

  test(
    'a phone photo of the paper pre-fills the wizard, marked fields are corrected, and the cart line carries the values',
    { tag: PHONE },
    async ({ page }) => {
      await toPrescriptionStep(page);
      // The sheet says the photo stays on the device; the photo is chosen as a file.
      await expect(page.getByText('Read on your device: the photo never leaves it.')).toBeVisible();
      await page.getByRole('button', { name: 'Scan your prescription' }).click();
      await expect(page.getByRole('heading', { name: 'Scan your prescription' })).toBeFocused();
      await page.getByLabel('Choose a photo').setInputFiles(resolve(SAMPLES, fileSlip.photo));
      await expect(page.getByRole('status')).toContainText(/values? filled in from your photo/, { timeout: 180_000 });
      await page.getByRole('button', { name: 'Check the values' }).click();
      await expect(page.getByRole('button', { name: 'Scan your prescription' })).toBeFocused();
      await checkMarkedFields(page, fileSlip);
      await addToCartCarries(page, fileSlip);
    },
  );
});

test.describe('scan your prescription with the camera (eyewear notes "Prescription rules")', () => {
  test.describe.configure({ timeout: 240_000 });

  test(
    '"Take photo" reads the paper the camera shows and pre-fills the wizard; the shopper corrects a marked field by typing and the cart line carries the values',
    { tag: PHONE },
    async ({ page }) => {
      await toPrescriptionStep(page);
      await page.getByRole('button', { name: 'Scan your prescription' }).click();
      await page.getByRole('button', { name: 'Use the camera' }).click();
      await expect(page.getByLabel('What the camera sees')).toBeVisible();
      await page.getByRole('button', { name: 'Take photo' }).click();
      await expect(page.getByRole('status')).toContainText(/values? filled in from your photo/, { timeout: 180_000 });
      await page.getByRole('button', { name: 'Check the values' }).click();
      // The date reads either way round on this paper: at least that field is marked, and the shopper
      // corrects it by typing the paper's date; that typed date is what the cart line carries.
      const checked = await checkMarkedFields(page, cameraSlip, ['Exam date']);
      expect(checked.corrected).toContain('Exam date');
      await addToCartCarries(page, cameraSlip);
    },
  );
});
