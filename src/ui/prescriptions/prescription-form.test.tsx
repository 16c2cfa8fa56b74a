// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { draftOfPrescription } from '../../../rules/eyewear/prescription';
import { PrescriptionForm } from './prescription-form';

afterEach(cleanup);

/** A cart line's prescription read back for editing: single vision, one PD per eye. */
const readBack = draftOfPrescription({
  examDate: '2026-11-03',
  od: { sph: -1.5, cyl: -0.75, axis: 90 },
  os: { sph: -1.25, cyl: -0.5, axis: 85 },
  pd: { right: 31.5, left: 32 },
});

function formIn(locale: string, draft = readBack) {
  render(
    <IntlProvider locale={locale} onError={() => undefined}>
      <PrescriptionForm draft={draft} issues={{}} usage="SINGLE_VISION_DISTANCE" onChange={() => undefined} onPdMode={() => undefined} />
    </IntlProvider>,
  );
  /** A field's input by its id's end (`fieldInputId`): the right eye's SPH is `…-od-sph`. */
  const valueOf = (field: string) => screen.getAllByRole<HTMLInputElement>('textbox').find((input) => input.id.endsWith(`-${field}`))!.value;
  return { sph: valueOf('od-sph'), cyl: valueOf('od-cyl'), axis: valueOf('od-axis'), pdRight: valueOf('pdRight') };
}

describe('a prescription read back into the form (ADR 035 eyewear rules: powers with their sign; spec §5 validation)', () => {
  it('shows a French or German shopper the decimal comma they typed, never a decimal point', () => {
    expect(formIn('fr-FR')).toEqual({ sph: '-1,50', cyl: '-0,75', axis: '90', pdRight: '31,5' });
    expect(formIn('de-DE')).toEqual({ sph: '-1,50', cyl: '-0,75', axis: '90', pdRight: '31,5' });
  });

  it('keeps the decimal point where the store view writes one', () => {
    expect(formIn('en-CA')).toEqual({ sph: '-1.50', cyl: '-0.75', axis: '90', pdRight: '31.5' });
    expect(formIn('de-CH')).toEqual({ sph: '-1.50', cyl: '-0.75', axis: '90', pdRight: '31.5' });
  });

  it('leaves text being typed as it is', () => {
    const typing = { ...readBack, od: { ...readBack.od, sph: '-1.' }, pdRight: '31,' };
    expect(formIn('fr-FR', typing)).toMatchObject({ sph: '-1.', pdRight: '31,' });
  });
});
