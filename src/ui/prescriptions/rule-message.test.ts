import { describe, expect, it } from 'vitest';
import { WIZARD_MESSAGES } from '../../machines/customise/customise-choices';
import { RULE_MESSAGES } from '../../machines/prescription/prescription-rules';
import { ruleMessages } from './rule-message';

describe('rule messages', () => {
  it("each rule's and wizard check's message is the machine's English wording, under eyewear.rule.<code>", () => {
    const english = { ...RULE_MESSAGES, ...WIZARD_MESSAGES };
    expect(Object.keys(ruleMessages).sort()).toEqual(Object.keys(english).sort());
    for (const [code, text] of Object.entries(english)) {
      expect(ruleMessages[code as keyof typeof ruleMessages]).toEqual({ id: `eyewear.rule.${code}`, defaultMessage: text });
    }
  });
});
