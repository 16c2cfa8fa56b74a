import { useCallback } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { WizardIssue, WizardIssueCode } from '../../machines/customise/customise-choices';
import type { RuleCode, RuleIssue } from '../../../rules/eyewear/prescription';

/**
 * The words of every prescription rule and wizard check, `eyewear.rule.<code>`: their one home. The
 * machines give a code and its values only; the catalogues translate these.
 */
export const ruleMessages = defineMessages<RuleCode | WizardIssueCode>({
  required: { id: 'eyewear.rule.required', defaultMessage: '{field} is required.' },
  notANumber: { id: 'eyewear.rule.notANumber', defaultMessage: '{field} must be a number, for example {example}.' },
  signRequired: { id: 'eyewear.rule.signRequired', defaultMessage: '{field} needs its sign: +{value} or -{value}.' },
  sphRange: { id: 'eyewear.rule.sphRange', defaultMessage: 'SPH must be between {min} and {max} for these lenses.' },
  sphStep: { id: 'eyewear.rule.sphStep', defaultMessage: 'SPH goes in steps of {step} (for example {minus} or {plus}).' },
  cylRange: { id: 'eyewear.rule.cylRange', defaultMessage: 'CYL must be between -{limit} and +{limit} for these lenses.' },
  cylStep: { id: 'eyewear.rule.cylStep', defaultMessage: 'CYL goes in steps of {step} (for example {example}).' },
  meridianRange: { id: 'eyewear.rule.meridianRange', defaultMessage: 'SPH + CYL is {power}: these lenses are made from {min} to {max} only.' },
  axisRequired: { id: 'eyewear.rule.axisRequired', defaultMessage: 'AXIS is required when CYL is not 0.' },
  axisNotAllowed: { id: 'eyewear.rule.axisNotAllowed', defaultMessage: 'Leave AXIS empty when CYL is 0.' },
  axisRange: { id: 'eyewear.rule.axisRange', defaultMessage: 'AXIS must be a whole number from 1 to 180.' },
  addRequired: { id: 'eyewear.rule.addRequired', defaultMessage: 'ADD is required for progressive lenses.' },
  addRange: { id: 'eyewear.rule.addRange', defaultMessage: 'ADD must be between {min} and {max} in steps of {step}.' },
  nearSphRange: {
    id: 'eyewear.rule.nearSphRange',
    defaultMessage: 'The reading power (SPH + ADD) is {power}: these lenses are made from {min} to {max} only.',
  },
  pdRequired: { id: 'eyewear.rule.pdRequired', defaultMessage: 'PD is required.' },
  pdSingleRange: { id: 'eyewear.rule.pdSingleRange', defaultMessage: 'PD must be between 50 and 80 mm in steps of 0.5 mm.' },
  pdEyeRange: { id: 'eyewear.rule.pdEyeRange', defaultMessage: 'Each eye’s PD must be between 20 and 40 mm in steps of 0.5 mm.' },
  pdMismatch: { id: 'eyewear.rule.pdMismatch', defaultMessage: 'The PD ({single} mm) should equal right + left ({sum} mm).' },
  pdDualForProgressive: { id: 'eyewear.rule.pdDualForProgressive', defaultMessage: 'Progressive lenses need the PD of each eye (dual PD).' },
  prismRange: { id: 'eyewear.rule.prismRange', defaultMessage: 'Prism must be more than 0 and at most {max} Δ, in steps of {step}.' },
  prismBaseRequired: { id: 'eyewear.rule.prismBaseRequired', defaultMessage: 'Choose the prism base: up, down, in or out.' },
  prismSingleVisionOnly: { id: 'eyewear.rule.prismSingleVisionOnly', defaultMessage: 'Prism can only be added to single vision lenses.' },
  examDateRequired: { id: 'eyewear.rule.examDateRequired', defaultMessage: 'The exam date is required.' },
  examDateInvalid: { id: 'eyewear.rule.examDateInvalid', defaultMessage: 'The exam date must be a date like 2026-01-31.' },
  examDateFuture: { id: 'eyewear.rule.examDateFuture', defaultMessage: 'The exam date cannot be in the future.' },
  examDateExpired: {
    id: 'eyewear.rule.examDateExpired',
    defaultMessage: 'This prescription is more than two years old (exam before {oldest}): a new eye exam is needed.',
  },
  contactLensRefused: {
    id: 'eyewear.rule.contactLensRefused',
    defaultMessage: 'A contact-lens prescription cannot be used for glasses: use your glasses prescription.',
  },
  progressiveLensHeight: {
    id: 'eyewear.rule.progressiveLensHeight',
    defaultMessage: 'Progressive lenses need a lens height of at least {min} mm; this frame’s is {height} mm.',
  },
  indexTooLow: { id: 'eyewear.rule.indexTooLow', defaultMessage: 'Your prescription needs a lens index of {index} or more.' },
  indexBeyondProduct: {
    id: 'eyewear.rule.indexBeyondProduct',
    defaultMessage: 'Your prescription needs a lens index of {index} or more, which this frame does not offer.',
  },
  rimlessMaterial: { id: 'eyewear.rule.rimlessMaterial', defaultMessage: 'Rimless frames need polycarbonate, Trivex or a {index} index or higher.' },
  indexThickerThanAdvised: {
    id: 'eyewear.rule.indexThickerThanAdvised',
    defaultMessage:
      'For your prescription ({power} on its strongest meridian) we recommend a {index} index or higher: these lenses will be thicker and heavier at the edges.',
  },
  coatingConflict: { id: 'eyewear.rule.coatingConflict', defaultMessage: 'Not with {coating}.' },
  sunLensIndex: { id: 'eyewear.rule.sunLensIndex', defaultMessage: 'These sunglasses come with their own tinted UV400 sun lenses, included.' },
  sunLensOwnOnly: { id: 'eyewear.rule.sunLensOwnOnly', defaultMessage: 'The tinted sun lens comes only with sunglasses bought without a prescription.' },
  sunLensTinted: { id: 'eyewear.rule.sunLensTinted', defaultMessage: 'The sun lenses are tinted already.' },
  sunLensRequired: {
    id: 'eyewear.rule.sunLensRequired',
    defaultMessage: 'Prescription lenses for sunglasses need a sun tint or a polarised treatment: choose one of them.',
  },
  fileRequired: { id: 'eyewear.rule.fileRequired', defaultMessage: 'Choose the photo or PDF of your prescription.' },
  fileTooLarge: { id: 'eyewear.rule.fileTooLarge', defaultMessage: 'The file is {size} MB: upload a file of 10 MB or less.' },
  fileType: { id: 'eyewear.rule.fileType', defaultMessage: 'Upload a JPG, PNG or PDF file.' },
  fileUploading: { id: 'eyewear.rule.fileUploading', defaultMessage: 'Your prescription is still uploading: wait a moment, then continue.' },
  fileNotUploaded: {
    id: 'eyewear.rule.fileNotUploaded',
    defaultMessage: 'Your prescription file has not reached us yet: try the upload again, or choose another way to give it.',
  },
  variantRequired: { id: 'eyewear.rule.variantRequired', defaultMessage: 'Choose a {attribute}.' },
  usageRequired: { id: 'eyewear.rule.usageRequired', defaultMessage: 'Choose what the lenses are for.' },
  indexRequired: { id: 'eyewear.rule.indexRequired', defaultMessage: 'Choose a lens.' },
  savedRequired: { id: 'eyewear.rule.savedRequired', defaultMessage: 'Choose one of your saved prescriptions.' },
  optionsMissing: { id: 'eyewear.rule.optionsMissing', defaultMessage: 'This frame cannot be fitted with lenses online.' },
  variantOutOfStock: {
    id: 'eyewear.rule.variantOutOfStock',
    defaultMessage: 'This frame is out of stock in {variant}: choose another colour or size to fit lenses.',
  },
  frameOutOfStock: { id: 'eyewear.rule.frameOutOfStock', defaultMessage: 'This frame is out of stock: lenses cannot be fitted to it for now.' },
});

/**
 * An option's name (the backend's label, "Colour", "Farbe") inside a sentence: in lower case ("Choose a
 * colour.", "Kies: kleur."), except in German, which writes its nouns capitalised ("Wählen Sie: Farbe.").
 */
export function optionNameInSentence(label: string, locale: string): string {
  return /^de\b/i.test(locale) ? label : label.toLocaleLowerCase(locale);
}

/**
 * A decimal a rule wrote ("-2.25", "+8.00", "1.60") as the store view writes numbers ("-2,25" in
 * German, "-2.25" in Swiss German), its sign and decimals kept; any other text as it is.
 */
export function localisedDecimal(intl: IntlShape, text: string): string {
  const match = /^([+-]?)\d+\.(\d+)$/.exec(text);
  if (!match) return text;
  const digits = match[2]!.length;
  return intl.formatNumber(Number(text), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: match[1] === '+' ? 'always' : 'auto',
    useGrouping: false,
  });
}

/** The numbers a rule's words always give (its steps and examples), written by the view as the store view writes numbers. */
const RULE_NUMBERS: Partial<Record<RuleCode | WizardIssueCode, Record<string, string>>> = {
  sphStep: { step: '0.25', minus: '-2.25', plus: '+1.50' },
  cylStep: { step: '0.25', example: '-0.75' },
  addRange: { min: '+0.75', max: '+3.50', step: '0.25' },
  prismRange: { max: '5.00', step: '0.25' },
  rimlessMaterial: { index: '1.61' },
};

/** A rule's or wizard check's problem in the words of `intl`'s language, its values filled in (numbers as the language writes them). */
export function ruleWordsOf(intl: IntlShape, issue: RuleIssue | WizardIssue): string {
  const values = Object.fromEntries(
    Object.entries({ ...RULE_NUMBERS[issue.code], ...issue.values }).map(([name, value]) => [
      name,
      typeof value !== 'string'
        ? value
        : issue.code === 'variantRequired' && name === 'attribute'
          ? optionNameInSentence(value, intl.locale)
          : localisedDecimal(intl, value),
    ]),
  );
  return intl.formatMessage(ruleMessages[issue.code], values);
}

/** A rule's or wizard check's problem in the shopper's language, its values filled in. */
export function useRuleMessage(): (issue: RuleIssue | WizardIssue) => string {
  const intl = useIntl();
  return useCallback((issue) => ruleWordsOf(intl, issue), [intl]);
}
