import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../../rules/eyewear/prescription';
import { ruleMessages, ruleWordsOf } from './rule-message';

const english = createIntl({ locale: 'en-CA', onError: () => {} });
const words = (issue: RuleIssue) => english.formatMessage(ruleMessages[issue.code], issue.values);

describe('rule messages', () => {
  it("each rule's and wizard check's words are under eyewear.rule.<code>, the one home of its English", () => {
    for (const [code, message] of Object.entries(ruleMessages)) expect(message.id).toBe(`eyewear.rule.${code}`);
  });

  it('eyewear rules: a code and its values read as the shopper sees them next to the field', () => {
    expect(words({ code: 'sphRange', values: { min: '-12.00', max: '+8.00' } })).toBe('SPH must be between -12.00 and +8.00 for these lenses.');
    expect(words({ code: 'contactLensRefused' })).toMatch(/contact-lens prescription cannot be used for glasses/);
    expect(words({ code: 'indexBeyondProduct', values: { index: '1.74' } })).toBe(
      'Your prescription needs a lens index of 1.74 or more, which this frame does not offer.',
    );
  });

  it('an option missing in the lens wizard is named in the sentence as each language writes it (German capitalises its nouns: "Wählen Sie: Farbe.", not "farbe")', () => {
    const inLanguage = (locale: string, message: string) => createIntl({ locale, messages: { 'eyewear.rule.variantRequired': message }, onError: () => {} });
    expect(ruleWordsOf(english, { code: 'variantRequired', values: { attribute: 'Colour' } })).toBe('Choose a colour.');
    expect(ruleWordsOf(inLanguage('de-DE', 'Wählen Sie: {attribute}.'), { code: 'variantRequired', values: { attribute: 'Farbe' } })).toBe(
      'Wählen Sie: Farbe.',
    );
    expect(ruleWordsOf(inLanguage('nl-NL', 'Kies: {attribute}.'), { code: 'variantRequired', values: { attribute: 'Kleur' } })).toBe('Kies: kleur.');
  });

  it('ADR 028 lens advice: the power the advice names is said to be the strongest meridian (SPH + CYL), a number the shopper never typed, in every language', () => {
    const issue = { code: 'indexThickerThanAdvised', values: { index: '1.61', power: '-2.25' } } as const;
    expect(ruleWordsOf(english, issue)).toBe(
      'For your prescription (-2.25 on its strongest meridian) we recommend a 1.61 index or higher: these lenses will be thicker and heavier at the edges.',
    );
    const meridian = {
      fr: 'sur son méridien le plus fort',
      de: 'im stärksten Hauptschnitt',
      es: 'en su meridiano más potente',
      nl: 'in de sterkste meridiaan',
    };
    for (const [language, words] of Object.entries(meridian)) {
      const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, `../../services/i18n/messages/${language}/eyewear.json`), 'utf8')) as Record<
        string,
        string
      >;
      const intl = createIntl({ locale: language, messages: catalogue, onError: () => {} });
      expect(ruleWordsOf(intl, issue)).toContain(words);
    }
  });

  it('the numbers a rule gives read as the store view writes them ("-2,25" in German, "-2.25" in Swiss German), sign and decimals kept', () => {
    const german = createIntl({ locale: 'de-DE', onError: () => {} });
    const swiss = createIntl({ locale: 'de-CH', onError: () => {} });
    const issue = { code: 'indexThickerThanAdvised', values: { index: '1.60', power: '-2.25' } } as const;
    expect(ruleWordsOf(german, { code: 'sphRange', values: { min: '-12.00', max: '+8.00' } })).toBe('SPH must be between -12,00 and +8,00 for these lenses.');
    expect(ruleWordsOf(german, issue)).toContain('1,60');
    expect(ruleWordsOf(swiss, issue)).toContain('1.60');
    expect(ruleWordsOf(english, { code: 'sphRange', values: { min: '-12.00', max: '+8.00' } })).toBe('SPH must be between -12.00 and +8.00 for these lenses.');
  });

  it('the steps and examples a rule always gives are numbers of the store view too ("0,25" in German), the English words unchanged', () => {
    const german = createIntl({
      locale: 'de-DE',
      messages: { 'eyewear.rule.sphStep': 'SPH geht in Schritten von {step} (zum Beispiel {minus} oder {plus}).' },
      onError: () => {},
    });
    expect(ruleWordsOf(german, { code: 'sphStep' })).toBe('SPH geht in Schritten von 0,25 (zum Beispiel -2,25 oder +1,50).');
    expect(ruleWordsOf(english, { code: 'sphStep' })).toBe('SPH goes in steps of 0.25 (for example -2.25 or +1.50).');
    expect(ruleWordsOf(english, { code: 'addRange' })).toBe('ADD must be between +0.75 and +3.50 in steps of 0.25.');
    expect(ruleWordsOf(english, { code: 'prismRange' })).toBe('Prism must be more than 0 and at most 5.00 Δ, in steps of 0.25.');
    expect(ruleWordsOf(english, { code: 'rimlessMaterial' })).toBe('Rimless frames need polycarbonate, Trivex or a 1.61 index or higher.');
  });
});
