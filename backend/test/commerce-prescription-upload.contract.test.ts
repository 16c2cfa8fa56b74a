import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, firstError, frameChoice, guestCart, PLACE_ORDER, readyForOrder, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const UPLOADS = '/rest/V1/lunette/prescription-uploads';
/** The smallest well-formed PDF: what a scanner app would send, a few hundred bytes. */
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);

interface UploadAnswer {
  id: string;
  reference: string;
  file_name: string;
  content_type: string;
  size: number;
}
interface ErrorAnswer {
  message: string;
  parameters: unknown;
}

async function upload(body: Uint8Array<ArrayBuffer>, type: string, fileName: string | null = 'rx.pdf', storePrefix = '') {
  const query = fileName === null ? '' : `?file_name=${encodeURIComponent(fileName)}`;
  const path = storePrefix ? UPLOADS.replace('/rest/', `/rest/${storePrefix}/`) : UPLOADS;
  const res = await api.http(`${path}${query}`, { method: 'POST', headers: { 'Content-Type': type }, body });
  return { status: res.status, body: (await res.json()) as UploadAnswer & ErrorAnswer };
}

describe('eyewear notes "Prescription rules" (uploaded as JPG/PNG/PDF): the shop module stores the file', () => {
  it('a PDF is kept and answered with an opaque id and a reference carrying a secret', async () => {
    const { status, body } = await upload(PDF, 'application/pdf', 'Ordonnance 2026.pdf');
    expect(status).toBe(200);
    expect(body).toMatchObject({ file_name: 'Ordonnance 2026.pdf', content_type: 'application/pdf', size: PDF.length });
    expect(body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const [id, secret] = body.reference.split('.');
    expect(id).toBe(body.id);
    expect(secret!.length).toBeGreaterThanOrEqual(32);
  });

  it('the file opens from its reference, with its type and name, and is never cached by shared caches', async () => {
    const { body } = await upload(PNG, 'image/png; charset=binary', 'C:\\Users\\ada\\rx.png', 'ca');
    expect(body.file_name).toBe('rx.png');
    const res = await api.http(`${UPLOADS}/${body.reference}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''rx.png");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it('a wrong secret, an unknown id and the bare collection all answer 404: nobody lists or guesses files', async () => {
    const { body } = await upload(PDF, 'application/pdf');
    const wrongSecret = await api.http(`${UPLOADS}/${body.id}.${'0'.repeat(48)}`);
    expect(wrongSecret.status).toBe(404);
    expect(((await wrongSecret.json()) as ErrorAnswer).message).toBe('The prescription file was not found. Check the link and try again.');
    expect((await api.http(`${UPLOADS}/${body.id}`)).status).toBe(404);
    expect((await api.http(`${UPLOADS}/nope.${body.reference.split('.')[1]}`)).status).toBe(404);
    expect((await api.http(UPLOADS)).status).toBe(404);
  });

  it('a type other than JPG, PNG or PDF is refused with a Magento-style message and its parameter', async () => {
    const { status, body } = await upload(new TextEncoder().encode('GIF89a'), 'image/gif', 'rx.gif');
    expect(status).toBe(415);
    expect(body).toEqual({ message: 'The file type "%1" is not allowed. Upload a JPG, PNG or PDF file.', parameters: ['image/gif'] });
  });

  it('the content is sniffed: a text file declared as a PDF, or a PNG declared as a JPG, is refused', async () => {
    const renamed = await upload(new TextEncoder().encode('#!/bin/sh\necho not a pdf'), 'application/pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({ message: 'The file content is not a valid %1 file. Upload a JPG, PNG or PDF file.', parameters: ['PDF'] });
    const mislabelled = await upload(PNG, 'image/jpeg', 'rx.jpg');
    expect(mislabelled.body.parameters).toEqual(['JPG']);
  });

  it('a file over 10 MB is refused with 413 and nothing is kept', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF.subarray(0, 8));
    const { status, body } = await upload(big, 'application/pdf');
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'The file is larger than %1 MB. Upload a file of %1 MB or less.', parameters: ['10'] });
    const kept = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM prescription_upload WHERE size > $1', [10 * 1024 * 1024]);
    expect(kept.rows[0]!.n).toBe(0);
  });

  it('an empty body or a missing file name is refused with a clear message', async () => {
    expect((await upload(new Uint8Array(0), 'application/pdf')).body.message).toBe(
      'The file is empty. Choose the photo or PDF of your prescription and try again.',
    );
    const unnamed = await upload(PDF, 'application/pdf', null);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toEqual({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'file_name' } });
  });

  it('the reference travels in the prescription option of a cart line to the order, and the file opens from the order', async () => {
    const uploaded = (await upload(PDF, 'application/pdf', 'rx.pdf')).body;
    const text = `Uploaded prescription: rx.pdf (application/pdf, ${uploaded.size} bytes, ref ${uploaded.reference})`;
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', ['Single vision – distance', '1.50 Standard']);
    const cartId = await guestCart(api);
    const added = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
      'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { code message } } }',
      {
        c: cartId,
        items: [
          { sku: 'LN1001', quantity: 1, selected_options: [AURORA.BLACK, AURORA.M, ...lenses], entered_options: [{ uid: prescriptionUid, value: text }] },
        ],
      },
    );
    expect(firstError(added)).toBeUndefined();
    expect(added.data!.addProductsToCart.user_errors).toEqual([]);
    await readyForOrder(api, cartId);
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId });
    const order = await api.gql<{ guestOrder: { items: { entered_options: { label: string; value: string }[] }[] } }>(
      'query ($n: String!) { guestOrder(input: { number: $n, email: "guest@example.com", lastname: "Lovelace" }) { items { entered_options { label value } } } }',
      { n: placed.data!.placeOrder.orderV2.number },
    );
    const option = order.data!.guestOrder.items[0]!.entered_options[0]!;
    expect(option).toEqual({ label: 'Prescription', value: text });
    const reference = /ref ([^)]+)\)$/.exec(option.value)![1]!;
    const file = await api.http(`${UPLOADS}/${reference}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });
});
