import { expect, test, type Page } from './helpers/test';
import { recentExamDate, toPrescriptionStep } from './helpers/lens-wizard';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

test.describe('lens customisation (spec §2 /customize/{urlkey?}, eyewear notes "lens flow")', () => {
  // Five steps and two accessibility scans: more than the default minute on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test('a frame goes through usage, prescription (a bad value, then fixed), forced 1.67 lenses, coatings and the review', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/customize/aurora-cat-eye');
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Aurora Cat-Eye' })).toBeVisible();

    // Frame: colour and size are required.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Choose a colour.')).toBeVisible();
    await page.getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Usage: this frame is too low for progressives (lens height 26 mm).
    await expect(page.getByRole('radio', { name: /Progressive/ })).toBeDisabled();
    await page.getByRole('radio', { name: /Single vision – distance/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Prescription: a bad value is shown next to its field, nothing typed is lost.
    const odSph = page.getByLabel('OD (right eye) SPH');
    await odSph.fill('-2.30');
    await page.getByLabel('OS (left eye) SPH').fill('-4.50');
    await page.getByLabel('OS (left eye) CYL').fill('-0.75');
    await page.getByLabel('OS (left eye) AXIS').fill('90');
    await page.getByLabel('PD', { exact: true }).fill('63');
    await page.getByLabel('Exam date').fill(recentExamDate());
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('1 value needs fixing: see the messages next to the fields.')).toBeVisible();
    await expect(odSph).toHaveAttribute('aria-invalid', 'true');
    await expect(odSph).toHaveAccessibleDescription('SPH goes in steps of 0.25 (for example -2.25 or +1.50).');
    await expect(odSph).toHaveValue('-2.30');
    await expect(page.getByLabel('OS (left eye) CYL')).toHaveValue('-0.75');
    await expectNoAxeViolations(page, 'main');
    await odSph.fill('-5.00');
    await expect(odSph).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Next' }).click();

    // Lenses: SPH below -4.00 forces 1.67; thinner ones cannot be chosen.
    await expect(page.getByText('Your prescription needs thinner lenses: we selected 1.67 Extra thin.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /1\.67 Extra thin/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /1\.50 Standard/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();

    // Coatings.
    await page.getByRole('checkbox', { name: /Anti-reflective/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Review: the price breakdown in the store currency.
    const breakdown = page.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.getByRole('row')).toHaveCount(5);
    await expect(breakdown.getByRole('row', { name: /Aurora Cat-Eye/ })).toContainText('$');
    await expect(breakdown.getByRole('row', { name: /1\.67 Extra thin/ })).toContainText('$123.30');
    await expect(breakdown.getByRole('row', { name: /Anti-reflective/ })).toContainText('$34.25');
    await expect(breakdown.getByRole('row', { name: /Total/ })).toBeVisible();
    await expectNoAxeViolations(page, 'main');

    // Going back keeps every value.
    await page.getByRole('button', { name: 'Change prescription' }).click();
    await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-5.00');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: /Anti-reflective/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();

    // Add to cart: the frame variant with its lens options and the prescription.
    const added = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('addProductsToCart'));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const variables = (JSON.parse((await added).postData() ?? '{}') as { variables: Record<string, unknown> }).variables;
    expect(variables).toMatchObject({ sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1 });
    expect(variables.selectedOptions).toHaveLength(3);
    await expect(page.getByText('Aurora Cat-Eye is in your cart with your lenses.')).toBeVisible();
  });

  test(
    'each step opens at its top with its heading focused; an index is recommended from the prescription; contradictory coatings say why; the confirmation is in view with no toast over it; the cart line fits the screen',
    { tag: PHONE },
    async ({ page }, testInfo) => {
      await page.goto('/ca/customize/aurora-cat-eye');
      await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Aurora Cat-Eye' })).toBeVisible();
      await page.getByRole('radio', { name: 'Black' }).check();
      await page.getByRole('radio', { name: 'M', exact: true }).check();
      /** "Next" from the foot of the step: the next step's heading is focused and on screen. */
      const next = async (heading: string) => {
        await page.getByRole('button', { name: 'Next' }).click();
        const title = page.getByRole('heading', { level: 2, name: heading });
        await expect(title).toBeFocused();
        await expect(title).toBeInViewport();
      };
      await next('What are the lenses for?');
      await page.getByRole('radio', { name: /Single vision – distance/ }).check();
      await next('Your prescription');
      // The form marks what is required and asks nothing a glasses order does not need.
      await expect(page.getByText('Fields marked * are required.')).toBeVisible();
      await expect(page.getByLabel('This prescription is for')).toHaveCount(0);
      await expect(page.getByText('Right eye (OD)').first()).toBeVisible();
      await page.getByLabel('OD (right eye) SPH').fill('-2.25');
      await page.getByLabel('OD (right eye) CYL').fill('-0.75');
      await page.getByLabel('OD (right eye) AXIS').fill('90');
      await page.getByLabel('OS (left eye) SPH').fill('-2.00');
      await expect(page.getByLabel('PD', { exact: true })).not.toHaveAttribute('placeholder');
      await page.getByLabel('PD', { exact: true }).fill('63');
      await page.getByLabel('Exam date').fill(recentExamDate());
      await next('Lens material and thickness');
      // SPH -2.25 / CYL -0.75: a thin lens is recommended; the 1.50 kept is allowed, with a warning.
      await expect(page.getByRole('radio', { name: '1.61 Thin' })).toHaveAccessibleDescription(/^Recommended for your prescription/);
      await expect(page.getByText(/For your prescription \(-3\.00 on its strongest meridian\) we recommend a 1\.61 index or higher/)).toBeVisible();
      await page.getByRole('radio', { name: '1.61 Thin' }).check();
      await expect(page.getByText(/we recommend a 1\.61 index/)).toHaveCount(0);
      await next('Coatings and tint');
      await page.getByRole('checkbox', { name: 'Photochromic' }).check();
      await expect(page.getByRole('checkbox', { name: 'Sun tint' })).toBeDisabled();
      await expect(page.getByRole('checkbox', { name: 'Sun tint' })).toHaveAccessibleDescription(/^Not with Photochromic\./);
      await expect(page.getByRole('checkbox', { name: 'Polarised' })).toBeDisabled();
      await expectNoAxeViolations(page, 'main');
      await next('Review your glasses');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const confirmation = page.getByRole('heading', { level: 2, name: 'Aurora Cat-Eye is in your cart with your lenses.' });
      await expect(confirmation).toBeFocused();
      await expect(confirmation).toBeInViewport();
      const goToCart = page.getByRole('link', { name: 'Go to the cart' });
      await expect(goToCart).toBeInViewport();
      // The page confirms the addition itself: no "Added to your cart." toast covers it.
      await expect(page.getByText('Added to your cart.')).toHaveCount(0);
      await goToCart.click();
      // The cart line: its options take the line's width on a phone, and the quantity stays changeable.
      const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Aurora Cat-Eye' }) });
      await expect(line.getByRole('spinbutton', { name: 'Quantity of Aurora Cat-Eye' })).toHaveValue('1');
      if (testInfo.project.name === 'phone') {
        const [lineBox, optionsBox] = [await line.boundingBox(), await line.locator('dl').first().boundingBox()];
        expect(optionsBox!.width).toBeGreaterThan(lineBox!.width * 0.8);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    },
  );

  test('without a url key the shopper chooses a frame first', async ({ page }) => {
    await page.goto('/ca/customize');
    await expect(page.getByRole('heading', { name: 'Choose a frame' })).toBeVisible();
    await page.getByRole('button', { name: /Aurora Cat-Eye/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Aurora Cat-Eye' })).toBeVisible();
  });
});

/** A minimal well-formed one-page PDF, made here: what a phone scanner app sends, a few hundred bytes. */
function minimalPdf(): Buffer {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${object}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test.describe('prescription upload (eyewear notes "uploaded as JPG/PNG/PDF")', () => {
  test('the PDF is uploaded when attached (a failure keeps it, with a retry), and the cart line shows it and opens it', async ({ page }) => {
    const pdf = minimalPdf();
    await toPrescriptionStep(page);
    await page.getByRole('radio', { name: 'Upload a photo or PDF' }).check();

    // The first attempt fails on the way: the file and the choice stay, with a retry.
    await page.route('**/rest/V1/lunette/prescription-uploads?*', (route) => route.abort('connectionfailed'), { times: 1 });
    await page.getByLabel(/Photo or PDF of your prescription/).setInputFiles({ name: 'ordonnance.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('alert')).toContainText(
      'ordonnance.pdf could not be uploaded. The upload did not go through: check your connection and try again.',
    );
    await expect(page.getByRole('radio', { name: 'Upload a photo or PDF' })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Your prescription file has not reached us yet', { exact: false })).toBeVisible();

    const uploaded = page.waitForResponse((r) => r.url().includes('/rest/V1/lunette/prescription-uploads') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Upload again' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByText('Uploaded: ordonnance.pdf.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, 'main');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    const added = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('addProductsToCart'));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).postData()).toContain('Uploaded prescription: ordonnance.pdf (application/pdf, ');
    await expect(page.getByText('Aurora Cat-Eye is in your cart with your lenses.')).toBeVisible();

    await page.goto('/ca/cart');
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Aurora Cat-Eye' }) });
    await expect(line).toContainText('Uploaded file ordonnance.pdf');
    // Readable: the secret reference is in the link only, never printed.
    await expect(line).not.toContainText('ref ');
    const href = await line.getByRole('link', { name: 'Open the file' }).getAttribute('href');
    const file = await page.request.get(href ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
    // A wrong secret opens nothing.
    expect((await page.request.get(`${(href ?? '').replace(/\.[^./]+$/, '')}.wrongsecret`)).status()).toBe(404);
  });
});

test.describe('saved prescriptions and prescription fix (spec §2 /prescription, /prescriptionfix/{order_id}/{key_fix?})', () => {
  test('spec §2: /prescription is signed-in only: a guest is sent to /sign-in', async ({ page }) => {
    await page.goto('/ca/prescription');
    await expect(page).toHaveURL(/\/ca\/sign-in/);
  });

  test('the order email link fixes the prescription once; a wrong or used key says so', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the seeded fix link is single-use: one project uses it');
    await page.goto('/ca/prescriptionfix/000000001/wrong-key');
    await expect(page.getByRole('alert')).toHaveText('The prescription fix link is invalid. Check the link in your order email.');

    await page.goto('/ca/prescriptionfix/000000001/5eed0prescription0fix0key0000001');
    await expect(page.getByRole('heading', { name: /Order #000000001/ })).toBeVisible();
    await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-2.25');
    await page.getByLabel('OD (right eye) SPH').fill('-2.75');
    await page.getByLabel('Exam date').fill('2015-01-01');
    await page.getByRole('button', { name: 'Send the corrected prescription' }).click();
    await expect(page.getByLabel('Exam date')).toHaveAccessibleDescription(/more than two years old/);
    await page.getByLabel('Exam date').fill(recentExamDate());
    await page.getByRole('button', { name: 'Send the corrected prescription' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'the prescription of Aurora Cat-Eye in order #000000001 is corrected' })).toBeVisible();

    await page.goto('/ca/prescriptionfix/000000001/5eed0prescription0fix0key0000001');
    await expect(page.getByRole('alert')).toHaveText('This prescription fix link has already been used.');
  });
});

/** The backend's answer for the stored cart: each line's variant and custom options, as Magento gives them. */
async function backendCartLines(page: Page) {
  const cartId = await page.evaluate(() => {
    const raw = window.localStorage.getItem('cartId_ca');
    return raw ? ((JSON.parse(raw) as { value: unknown }).value as string) : null;
  });
  expect(cartId).not.toBeNull();
  const response = await page.request.post('/graphql', {
    headers: { store: 'ca' },
    data: {
      query:
        'query($cartId:String!){cart(cart_id:$cartId){items{uid product{sku} ... on ConfigurableCartItem{configured_variant{sku} customizable_options{label values{label value}}}}}}',
      variables: { cartId },
    },
  });
  const body = (await response.json()) as {
    data: {
      cart: {
        items: { uid: string; configured_variant?: { sku: string }; customizable_options?: { label: string; values: { label: string; value: string }[] }[] }[];
      };
    };
  };
  return body.data.cart.items;
}

const optionText = (line: { customizable_options?: { label: string; values: { label: string; value: string }[] }[] }, label: RegExp) =>
  (line.customizable_options ?? [])
    .filter((o) => label.test(o.label))
    .flatMap((o) => o.values.map((v) => v.label || v.value))
    .join(', ');

test.describe('the wizard follows the product page and edits cart lines', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an out-of-stock colour and size cannot start the wizard, on the product page nor by its address', async ({ page }) => {
    await page.goto('/ca/milo-round.html');
    await page.getByRole('radio', { name: 'Crystal' }).check();
    await page.getByRole('radio', { name: 'S', exact: true }).check();
    // The address the button would open names the colour and size by their value index.
    const inStockHref = (await page.getByRole('link', { name: 'Choose your lenses' }).getAttribute('href')) ?? '';
    const size = /size=(\d+)/.exec(inStockHref)?.[1];
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('radio', { name: 'Tortoise' }).check();
    // Marked "(out of stock)", its label takes the click.
    await page.getByRole('radio', { name: 'S (out of stock)' }).check({ force: true });
    await expect(page.getByRole('radio', { name: 'S (out of stock)' })).toBeChecked();
    const choose = page.getByRole('button', { name: 'Choose your lenses' });
    await expect(choose).toBeDisabled();
    await expect(choose).toHaveAccessibleDescription('Lenses cannot be fitted to an out-of-stock colour and size: choose another one.');
    await expect(page.getByText('Lenses cannot be fitted to an out-of-stock colour and size: choose another one.')).toBeVisible();
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    const tortoise = /color=(\d+)/.exec((await page.getByRole('link', { name: 'Choose your lenses' }).getAttribute('href')) ?? '')?.[1];
    expect(size).toMatch(/^\d+$/);
    expect(tortoise).toMatch(/^\d+$/);

    // The address itself: refused before step 1, in words, with a way on.
    await page.goto(`/ca/customize/milo-round?color=${tortoise}&size=${size}`);
    await expect(page.getByRole('alert')).toHaveText(/This frame is out of stock in Tortoise, S: choose another colour or size to fit lenses\./);
    await expect(page.getByRole('navigation', { name: 'Steps' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'main');
    await page.getByRole('button', { name: 'Choose another colour or size' }).click();
    await expect(page.getByRole('heading', { name: 'Your frame' })).toBeVisible();
  });

  test(
    'the wizard follows the product page, and cart edits: the wizard starts with the product page’s colour and size; a cart line’s colour, then its lenses, then its prescription are changed and the backend keeps every option',
    { tag: PHONE },
    async ({ page }) => {
      await page.goto('/ca/milo-round.html');
      await page.getByRole('radio', { name: 'Tortoise' }).check();
      await page.getByRole('radio', { name: 'M', exact: true }).check();
      await page.getByRole('link', { name: 'Choose your lenses' }).click();
      await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?color=\d+&size=\d+(&step=frame)?$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
      // The picture follows the colour.
      const picture = page.getByTestId('customise-frame-image');
      await expect(picture).toHaveAttribute('src', /tortoise/);
      await page.getByRole('radio', { name: 'Crystal' }).check();
      await expect(picture).toHaveAttribute('src', /crystal/);
      await page.getByRole('radio', { name: 'Tortoise' }).check();
      await expect(picture).toHaveAttribute('src', /tortoise/);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('radio', { name: /Single vision – distance/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('OD (right eye) SPH').fill('-1.00');
      await page.getByLabel('OS (left eye) SPH').fill('-1.25');
      await page.getByLabel('PD', { exact: true }).fill('63');
      await page.getByLabel('Exam date').fill(recentExamDate());
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('radio', { name: /1\.50 Standard/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('checkbox', { name: /Anti-reflective/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();

      // The review lists the colour and size, and every "Change" names its step.
      const chosen = page.getByRole('definition');
      await expect(chosen.filter({ hasText: 'Tortoise' })).toBeVisible();
      await expect(chosen.filter({ hasText: /^M$/ })).toBeVisible();
      for (const name of ['Change frame', 'Change lens type', 'Change prescription', 'Change lenses', 'Change coatings']) {
        await expect(page.getByRole('button', { name })).toBeVisible();
      }
      await expectNoAxeViolations(page, 'main');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Milo Round is in your cart with your lenses.')).toBeVisible();

      // First the colour, from the cart's own editor: every lens option and the prescription stay.
      await page.goto('/ca/cart');
      const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Milo Round', exact: true }) });
      await expect(line).toHaveCount(1);
      await line.getByRole('button', { name: 'Edit Milo Round' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Milo Round' });
      await editor.getByRole('combobox', { name: 'Colour' }).selectOption({ label: 'Crystal' });
      await editor.getByRole('button', { name: 'Update cart' }).click();
      await expect(editor).toBeHidden();
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('Crystal');
      await expect(line.getByRole('table', { name: 'Prescription' }).getByRole('row', { name: /OD \(right eye\)/ })).toContainText('-1.00');
      // The prescription takes the line's width and, on a phone, reflows into a card per eye: no cell
      // is cut off or hidden in a sideways scroller.
      const table = line.getByRole('table', { name: 'Prescription' });
      const lineBox = (await line.boundingBox())!;
      for (const cell of await table.getByRole('cell').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(lineBox.x + lineBox.width + 0.5);
      }
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
      let lines = await backendCartLines(page);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.configured_variant?.sku).toBe('LN1002-CRY-M');
      expect(optionText(lines[0]!, /index/i)).toContain('1.50');
      expect(optionText(lines[0]!, /coating/i)).toContain('Anti-reflective');
      expect(JSON.parse(optionText(lines[0]!, /prescription/i))).toMatchObject({ od: { sph: -1 }, os: { sph: -1.25 }, pd: { single: 63 } });

      // Then the lenses, through the wizard opened from the line.
      await line.getByRole('link', { name: /Change lenses or prescription/ }).click();
      await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?edit=/);
      await expect(page.getByRole('radio', { name: 'Crystal' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('radio', { name: /Single vision – distance/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-1.00');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /1\.59 Polycarbonate/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('checkbox', { name: /Anti-reflective/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Update the cart' }).click();
      await expect(page).toHaveURL(/\/ca\/cart$/);
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('1.59 Polycarbonate');
      await expect(line).toContainText('Anti-reflective');
      await expect(line.getByRole('table', { name: 'Prescription' }).getByRole('row', { name: /OD \(right eye\)/ })).toContainText('-1.00');

      lines = await backendCartLines(page);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.configured_variant?.sku).toBe('LN1002-CRY-M');
      expect(optionText(lines[0]!, /lens type/i)).toMatch(/distance/i);
      expect(optionText(lines[0]!, /index/i)).toContain('1.59');
      expect(optionText(lines[0]!, /coating/i)).toContain('Anti-reflective');
      expect(JSON.parse(optionText(lines[0]!, /prescription/i))).toMatchObject({ od: { sph: -1 }, os: { sph: -1.25 }, pd: { single: 63 } });

      // Then its prescription.
      await line.getByRole('link', { name: /Change lenses or prescription/ }).click();
      await expect(page.getByRole('radio', { name: 'Crystal' })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('OD (right eye) SPH').fill('-2.00');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('radio', { name: /1\.59 Polycarbonate/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Update the cart' }).click();
      await expect(page).toHaveURL(/\/ca\/cart$/);
      await expect(line).toHaveCount(1);
      await expect(line.getByRole('table', { name: 'Prescription' }).getByRole('row', { name: /OD \(right eye\)/ })).toContainText('-2.00');
      await expect(line).toContainText('1.59 Polycarbonate');
      await expect(line).toContainText('Anti-reflective');

      lines = await backendCartLines(page);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.configured_variant?.sku).toBe('LN1002-CRY-M');
      expect(optionText(lines[0]!, /lens type/i)).toMatch(/distance/i);
      expect(optionText(lines[0]!, /index/i)).toContain('1.59');
      expect(optionText(lines[0]!, /coating/i)).toContain('Anti-reflective');
      expect(JSON.parse(optionText(lines[0]!, /prescription/i))).toMatchObject({ od: { sph: -2 }, os: { sph: -1.25 }, pd: { single: 63 } });
    },
  );
});
