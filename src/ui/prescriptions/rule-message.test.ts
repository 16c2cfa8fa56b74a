import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../../machines/prescription/prescription-rules';
import { fillPlaceholders } from './rule-message';

describe('rule messages without the ICU parser (ADR 005)', () => {
  it("fills every {name} placeholder of a rule's English wording", () => {
    expect(fillPlaceholders(RULE_MESSAGES.sphRange, { min: '-20.00', max: '+12.00' })).toBe('SPH must be between -20.00 and +12.00 for these lenses.');
    expect(fillPlaceholders(RULE_MESSAGES.cylRange, { limit: '6.00' })).toBe('CYL must be between -6.00 and +6.00 for these lenses.');
  });

  it('leaves a placeholder it has no value for visible rather than inventing one', () => {
    expect(fillPlaceholders('{field} is required.', {})).toBe('{field} is required.');
  });

  it("the rules' wordings use plain placeholders only (no plural or select the filler could not read)", () => {
    for (const text of Object.values(RULE_MESSAGES)) expect(text).not.toMatch(/\{\w+,/);
  });
});
