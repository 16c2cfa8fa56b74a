import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { WIZARD_MESSAGES, type WizardIssue, type WizardIssueCode } from '../../../machines/customise/customise-choices';
import { RULE_MESSAGES, type RuleCode, type RuleIssue } from '../../../machines/prescription/prescription-rules';

/**
 * A rule's problem in the shopper's language: `eyewear.rule.<code>` in the catalogues, the rule's
 * English wording as the default.
 */
export function useRuleMessage(): (issue: RuleIssue | WizardIssue) => string {
  const intl = useIntl();
  return useCallback(
    (issue) => {
      const english = issue.code in RULE_MESSAGES ? RULE_MESSAGES[issue.code as RuleCode] : WIZARD_MESSAGES[issue.code as WizardIssueCode];
      return intl.formatMessage({ id: `eyewear.rule.${issue.code}`, defaultMessage: english }, issue.values);
    },
    [intl],
  );
}
