import { useMutation } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../shared/button';
import { FormPage } from './account-layout';
import { CONTACT_US } from './account.operations';
import styles from './account.module.css';
import { FormError, FormField } from './form-field';

/** Contact us `/contact-us` (contactUs mutation); a refused message keeps what was typed. */
export function ContactUsPage() {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [telephone, setTelephone] = useState('');
  const [comment, setComment] = useState('');
  const [send, { data, loading, error }] = useMutation(CONTACT_US);
  const sent = data?.contactUs?.status === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ variables: { name: name.trim(), email: email.trim(), telephone: telephone.trim() || null, comment: comment.trim() } }).catch(() => undefined);
  };
  return (
    <FormPage title={intl.formatMessage({ id: 'account.contact.title', defaultMessage: 'Contact us' })}>
      {sent ? (
        <p role="status" className={styles.success}>
          <FormattedMessage id="account.contact.sent" defaultMessage="Thank you, {name}. We received your message and will answer by email." values={{ name: name.trim() }} />
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} aria-describedby="contact-error">
          <FormError id="contact-error" message={error?.message} />
          <FormField label={intl.formatMessage({ id: 'account.contact.name', defaultMessage: 'Name' })} autoComplete="name" value={name} onValue={setName} />
          <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="email" value={email} onValue={setEmail} />
          <FormField
            label={intl.formatMessage({ id: 'account.contact.telephone', defaultMessage: 'Phone (optional)' })}
            type="tel"
            autoComplete="tel"
            required={false}
            value={telephone}
            onValue={setTelephone}
          />
          <div className={styles.field}>
            <label htmlFor="contact-comment">
              <FormattedMessage id="account.contact.comment" defaultMessage="Your message" />
            </label>
            <textarea id="contact-comment" className={styles.input} required value={comment} onChange={(event) => setComment(event.target.value)} />
          </div>
          <div className={styles.actions}>
            <Button type="submit" priority="high" disabled={loading}>
              {loading ? intl.formatMessage({ id: 'account.contact.sending', defaultMessage: 'Sending…' }) : intl.formatMessage({ id: 'account.contact.send', defaultMessage: 'Send' })}
            </Button>
          </div>
        </form>
      )}
    </FormPage>
  );
}
