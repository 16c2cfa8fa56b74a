// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { LensOptionList } from './lens-option-value';

describe('lens option value of an ordered line', () => {
  afterEach(cleanup);

  it('eyewear notes "uploaded as JPG/PNG/PDF": the order shows "Prescription: uploaded file <name>" with a link that opens the file', () => {
    render(
      <IntlProvider locale="en">
        <LensOptionList options={[{ label: 'Prescription', value: 'Uploaded prescription: rx scan.pdf (application/pdf, 321 bytes, ref Ab12.cd34)' }]} />
      </IntlProvider>,
    );
    expect(screen.getByRole('term').textContent).toBe('Prescription');
    expect(screen.getByRole('definition').textContent).toBe('Uploaded file rx scan.pdf Open the file');
    // The reference (id and secret) is the only way to the file: no listing, no guessable address.
    expect(screen.getByRole('link', { name: 'Open the file' }).getAttribute('href')).toBe(
      `${window.location.origin}/rest/V1/lunette/prescription-uploads/Ab12.cd34`,
    );
    expect(screen.queryByText(/ref Ab12/)).toBeNull();
  });

  it('eyewear notes "send it later": the line says so in the shopper\'s words, not the note kept for the optician', () => {
    render(
      <IntlProvider locale="en">
        <LensOptionList options={[{ label: 'Prescription', value: 'Prescription to follow: the shopper will send it later.' }]} />
      </IntlProvider>,
    );
    expect(screen.getByRole('definition').textContent).toBe('To follow: you send it after ordering');
  });

  it('the exam date is written as the store view writes dates, not as the ISO "2026-10-28" the prescription carries', () => {
    const value = JSON.stringify({ od: { sph: -2.25, cyl: -0.75, axis: 90 }, os: { sph: -1.75 }, pd: { single: 63 }, exam_date: '2026-10-28' });
    const { unmount } = render(
      <IntlProvider locale="en">
        <LensOptionList options={[{ label: 'Prescription', value }]} />
      </IntlProvider>,
    );
    expect(screen.getByText(/^Eye exam:/).textContent).toBe('Eye exam: Oct 28, 2026');
    unmount();
    render(
      <IntlProvider locale="fr" messages={{ 'checkout.prescription.examDate': 'Examen de la vue : {date}' }} onError={() => undefined}>
        <LensOptionList options={[{ label: 'Ordonnance', value }]} />
      </IntlProvider>,
    );
    expect(screen.getByText(/^Examen de la vue/).textContent).toBe('Examen de la vue : 28 oct. 2026');
  });

  it('dioptres and millimetres take the store view\'s decimal sign ("-2,25", "31,5 mm" in French), sign and two decimals kept', () => {
    const value = JSON.stringify({ od: { sph: -2.25, cyl: 0.5, axis: 90, add: 1.5 }, os: { sph: 0 }, pd: { right: 31.5, left: 32 } });
    render(
      <IntlProvider locale="fr" onError={() => undefined}>
        <LensOptionList options={[{ label: 'Ordonnance', value }]} />
      </IntlProvider>,
    );
    const od = screen.getByRole('row', { name: /OD/ });
    expect(od.textContent).toContain('-2,25');
    expect(od.textContent).toContain('+0,50');
    expect(od.textContent).toContain('+1,50');
    expect(od.textContent).toContain('31,5 mm');
    expect(screen.getByRole('row', { name: /OS/ }).textContent).toContain('0,00');
  });

  it('a spherical eye (CYL left empty) shows "—" for CYL as for AXIS, not "0.00" (eyewear notes "Prescription rules")', () => {
    const value = JSON.stringify({ od: { sph: -1.5, cyl: 0 }, os: { sph: -1.25 }, pd: { single: 63 } });
    render(
      <IntlProvider locale="en-CA" onError={() => undefined}>
        <LensOptionList options={[{ label: 'Prescription', value }]} />
      </IntlProvider>,
    );
    for (const eye of [/OD/, /OS/]) {
      const cells = within(screen.getByRole('row', { name: eye }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells.slice(0, 3)).toEqual([expect.stringMatching(/^-1\.(50|25)$/), '—', '—']);
    }
  });
});
