import { inputError } from '../graphql/errors';
import { checkPrescriptionPayload, type PrescriptionInput, type PrescriptionValues } from '../../../rules/eyewear/prescription-payload';

export type { PrescriptionInput };
export type Prescription = PrescriptionValues;
export { expiryOf } from '../../../rules/eyewear/prescription';

/**
 * A prescription sent to the backend (saved prescriptions, the prescription fix), checked by the
 * eyewear rules every side shares (ADR 035): one input error listing every problem, or the values
 * in minus-cylinder form.
 */
export function validatePrescription(input: PrescriptionInput, now: Date): Prescription {
  const { prescription, problems } = checkPrescriptionPayload(input, now);
  if (problems.length) throw inputError(problems.join(' '));
  return prescription;
}
