/** What other features may use of prescriptions (.dependency-cruiser.cjs: no feature imports another's files). */
export { LENS_USAGE_LABELS } from './lens-usage-field';
export { PrescriptionFormFields } from './prescription-form-fields';
export { useRuleMessage } from './rule-message';
