// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderItemList, PrescriptionNextStep, type OrderItem } from './order-lines';

const line = (name: string, prescription: string): OrderItem => ({
  id: name,
  product_name: name,
  product_sku: `${name}-SKU`,
  quantity_ordered: 1,
  product_sale_price: { value: 95, currency: 'CAD' },
  prices: { row_total: { value: 190, currency: 'CAD' } },
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
});
