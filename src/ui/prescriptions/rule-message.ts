import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { WIZARD_MESSAGES, type WizardIssue, type WizardIssueCode } from '../../machines/customise/customise-choices';
import { RULE_MESSAGES, type RuleCode, type RuleIssue } from '../../machines/prescription/prescription-rules';

/** `{name}` placeholders of a rule's English wording filled in (the rules' messages use no other ICU syntax). */
export function fillPlaceholders(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A rule's problem in the shopper's language: `eyewear.rule.<code>` from the store's catalogue when
 * it has one, else the rule's English wording. The wording lives with the rule (src/machines), not in
 * a view, so it is filled in here rather than parsed as a message: production builds ship no ICU
 * parser (ADR 005).
 */
export function useRuleMessage(): (issue: RuleIssue | WizardIssue) => string {
  const intl = useIntl();
  return useCallback(
    (issue) => {
      const id = `eyewear.rule.${issue.code}`;
      if (intl.messages[id]) return intl.formatMessage({ id }, issue.values);
      const english = issue.code in RULE_MESSAGES ? RULE_MESSAGES[issue.code as RuleCode] : WIZARD_MESSAGES[issue.code as WizardIssueCode];
      return fillPlaceholders(english, issue.values);
    },
    [intl],
  );
}
