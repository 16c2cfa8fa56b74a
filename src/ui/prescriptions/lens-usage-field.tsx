import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { LENS_USAGES, type LensUsage } from '../../../rules/eyewear/prescription';
import styles from './prescriptions.module.css';

/** What each lens usage is called (the prescription forms, the lens wizard's cards). */
export const LENS_USAGE_LABELS = defineMessages<LensUsage>({
  SINGLE_VISION_DISTANCE: { id: 'eyewear.usage.distance', defaultMessage: 'Single vision – distance' },
  SINGLE_VISION_READING: { id: 'eyewear.usage.reading', defaultMessage: 'Single vision – reading' },
  PROGRESSIVE: { id: 'eyewear.usage.progressive', defaultMessage: 'Progressive' },
  NON_PRESCRIPTION: { id: 'eyewear.usage.plano', defaultMessage: 'Non-prescription' },
});

/** The usages a prescription can be for (a non-prescription lens needs none). */
export const PRESCRIPTION_USAGES = LENS_USAGES.filter((u) => u !== 'NON_PRESCRIPTION');

/** "Lens type" of a prescription (saved prescriptions, prescription fix): which rules apply to it. */
export function LensUsageField({ id, value, onChange }: { id: string; value: LensUsage; onChange: (usage: LensUsage) => void }) {
  const intl = useIntl();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <FormattedMessage id="eyewear.prescriptions.usage" defaultMessage="Lens type" />
      </label>
      <select id={id} className={styles.input} value={value} onChange={(e) => onChange(e.target.value as LensUsage)}>
        {PRESCRIPTION_USAGES.map((u) => (
          <option key={u} value={u}>
            {intl.formatMessage(LENS_USAGE_LABELS[u])}
          </option>
        ))}
      </select>
    </div>
  );
}
