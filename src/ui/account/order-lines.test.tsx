// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderItemList, OrderTotalList, PrescriptionNextStep, type OrderItem } from './order-lines';

const line = (name: string, prescription: string): OrderItem => ({
  id: name,
  product_name: name,
  product_sku: `${name}-SKU`,
  quantity_ordered: 1,
  product_sale_price: { value: 95, currency: 'CAD' },
  prices: {
    price_including_tax: { value: 107.35, currency: 'CAD' },
    row_total: { value: 190, currency: 'CAD' },
    row_total_including_tax: { value: 214.7, currency: 'CAD' },
  },
  selected_options: [{ label: 'Color', value: 'Tortoise' }],
  entered_options: [{ label: 'Prescription', value: prescription }],
});
const LATER = line('Milo Round', 'Prescription to follow: the shopper will send it later.');
const TYPED = line('Aurora Cat-Eye', '{"od":{"sph":-1},"os":{"sph":-1},"pd":{"binocular":63}}');

const shown = (ui: React.ReactNode) =>
  render(
    <IntlProvider locale="en-CA" defaultLocale="en-CA" timeZone="UTC">
      <MemoryRouter>{ui}</MemoryRouter>
    </IntlProvider>,
  );

describe('order lines and next steps (receipt and order detail)', () => {
  afterEach(cleanup);

  it('spec §9 imagesBySku: each line shows the picture it is given for its SKU, and none for a SKU without one', () => {
    const { container } = shown(
      <OrderItemList items={[LATER, TYPED]} imagesBySku={{ 'Milo Round-SKU': { url: 'https://shop.test/media/milo-tortoise.jpg' } }} />,
    );
    const [milo, aurora] = screen.getAllByRole('listitem');
    expect(milo?.querySelector('img')?.getAttribute('src')).toContain('milo-tortoise.jpg');
    expect(aurora?.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('an order with a prescription to follow says how to send it and by when (14 days after the order)', () => {
    shown(<PrescriptionNextStep items={[TYPED, LATER]} orderedAt={new Date('2026-11-27T10:00:00Z')} />);
    const step = screen.getByRole('region', { name: 'Next step: send your prescription' });
    expect(step.textContent).toContain('link to enter your prescription or upload a photo');
    expect(step.textContent).toContain('December 11, 2026');
    expect(step.textContent).toContain('Waiting for it: Milo Round.');
    expect(screen.getByRole('link', { name: /Contact us/ }).getAttribute('href')).toBe('/contact-us');
  });

  it('an order whose prescriptions are all given has no such step', () => {
    const { container } = shown(<PrescriptionNextStep items={[TYPED]} orderedAt={new Date('2026-11-27T10:00:00Z')} />);
    expect(container.textContent).toBe('');
  });

  it('each line shows its name, options, quantity with unit price and its line total, not the variant SKU', () => {
    shown(<OrderItemList items={[LATER]} imagesBySku={{}} />);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('Milo Round');
    expect(item.textContent).not.toContain('Milo Round-SKU');
    expect(item.textContent).toContain('Tortoise');
    expect(item.textContent).toMatch(/Quantity: 1 · \$95\.00/);
    expect(item.textContent).toMatch(/Line total \$190\.00/);
  });

  describe('ADR 040, spec §3 "Cart prices": a view showing prices with tax shows the order as its cart did', () => {
    // A fr line: 118.68 € before VAT, 142.42 € with its 20 % (the cart's price_including_tax).
    const FR_LINE: OrderItem = {
      ...line('Felix Oval', 'Prescription to follow: the shopper will send it later.'),
      product_sale_price: { value: 118.68, currency: 'EUR' },
      prices: {
        price_including_tax: { value: 142.42, currency: 'EUR' },
        row_total: { value: 237.36, currency: 'EUR' },
        row_total_including_tax: { value: 284.84, currency: 'EUR' },
      },
      quantity_ordered: 2,
    };
    const frShown = (ui: React.ReactNode) =>
      render(
        <IntlProvider locale="fr-FR" defaultLocale="en-CA" timeZone="UTC" onError={() => {}}>
          <MemoryRouter>{ui}</MemoryRouter>
        </IntlProvider>,
      );

    it('the line shows its unit price and line total with VAT, as the cart line did', () => {
      frShown(<OrderItemList items={[FR_LINE]} imagesBySku={{}} pricesIncludeTax />);
      const text = screen.getByRole('listitem').textContent?.replace(/\s/g, ' ');
      expect(text).toContain('142,42 €');
      expect(text).toContain('284,84 €');
      expect(text).not.toContain('118,68');
      expect(text).not.toContain('237,36');
    });

    it('a view showing prices without tax keeps the amounts without it', () => {
      shown(<OrderItemList items={[LATER]} imagesBySku={{}} pricesIncludeTax={false} />);
      expect(screen.getByRole('listitem').textContent).toMatch(/Quantity: 1 · \$95\.00.*Line total \$190\.00/);
    });

    it('the totals show the subtotal with tax below the one without, as the cart summary does', () => {
      const money = (value: number) => ({ value, currency: 'EUR' as const });
      shown(
        <OrderTotalList
          total={{
            subtotal: money(237.36),
            subtotal_incl_tax: money(284.84),
            total_shipping: money(0),
            total_tax: money(47.48),
            taxes: [{ title: 'TVA', amount: money(47.48) }],
            grand_total: money(284.84),
          }}
        />,
      );
      const rows = [...document.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
      expect(rows.slice(0, 2)).toEqual(['Subtotal (excl. tax): €237.36', 'Subtotal (incl. tax): €284.84']);
    });
  });
});
