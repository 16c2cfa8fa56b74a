import { FormattedMessage, useIntl } from 'react-intl';
import type { SavedFormActor } from '../../machines/account/saved-form.machine';
import { useSavedForm, useSavedFormActor } from './account-forms';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormField, FormSubmit } from './form-field';
import { TextAreaField } from '../shared/text-area-field';

/** Contact us `/contact-us` (spec §7 contactUs); a refused message keeps what was typed. */
export function ContactUsPage() {
  // No toast: the page itself becomes the confirmation.
  const actor = useSavedFormActor('contactForm', { values: { name: '', email: '', telephone: '', comment: '' } });
  return actor ? <ContactUsForm actor={actor} /> : null;
}

export function ContactUsForm({ actor }: { actor: SavedFormActor }) {
  const intl = useIntl();
  const { saving, saved, error, text, bind, submit } = useSavedForm(actor);
  return (
    <FormPage title={intl.formatMessage({ id: 'account.contact.title', defaultMessage: 'Contact us' })}>
      {saved ? (
        <p role="status" className={styles.success}>
          <FormattedMessage
            id="account.contact.sent"
            defaultMessage="Thank you, {name}. We received your message and will answer by email."
            values={{ name: text('name').trim() }}
          />
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} aria-describedby="contact-error">
          <FormError id="contact-error" message={error} />
          <FormField label={intl.formatMessage({ id: 'account.contact.name', defaultMessage: 'Name' })} autoComplete="name" {...bind('name')} />
          <EmailField {...bind('email')} />
          <FormField
            label={intl.formatMessage({ id: 'account.contact.telephone', defaultMessage: 'Phone (optional)' })}
            type="tel"
            autoComplete="tel"
            required={false}
            {...bind('telephone')}
          />
          <TextAreaField
            id="contact-comment"
            fieldClassName={styles.field}
            className={styles.input}
            label={<FormattedMessage id="account.contact.comment" defaultMessage="Your message" />}
            required
            value={text('comment')}
            onValue={(value) => actor.send({ type: 'form.change', field: 'comment', value })}
          />
          <FormSubmit
            busy={saving}
            label={intl.formatMessage({ id: 'account.contact.send', defaultMessage: 'Send' })}
            busyLabel={intl.formatMessage({ id: 'account.contact.sending', defaultMessage: 'Sending…' })}
          />
        </form>
      )}
    </FormPage>
  );
}
