import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { PrescriptionMethod } from '../../machines/customise/customise.types';
import { Button } from '../shared/button';
import { PrescriptionFormFields } from '../prescriptions';
import { useRuleMessage } from '../prescriptions';
import type { CustomiseActor } from './customise-actor';
import { StepForm } from './customise-steps';
import styles from './customise.module.css';

const methodText = defineMessages<PrescriptionMethod>({
  typed: { id: 'eyewear.rx.method.typed', defaultMessage: 'Type it in' },
  saved: { id: 'eyewear.rx.method.saved', defaultMessage: 'Use a saved prescription' },
  upload: { id: 'eyewear.rx.method.upload', defaultMessage: 'Upload a photo or PDF' },
  later: { id: 'eyewear.rx.method.later', defaultMessage: 'Send it later' },
});

export function PrescriptionStep({ actor }: { actor: CustomiseActor }) {
  const intl = useIntl();
  const method = useSelector(actor, (s) => s.context.method);
  const isSignedIn = useSelector(actor, (s) => s.context.isSignedIn);
  // The wizard's one prescription form (the `prescriptionForm` child): the fields send it the typing.
  const form = useSelector(actor, (s) => s.context.form);
  const idBase = useId();
  const methods: PrescriptionMethod[] = isSignedIn ? ['typed', 'saved', 'upload', 'later'] : ['typed', 'upload', 'later'];
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.prescription.title', defaultMessage: 'Your prescription' })}>
      <fieldset className={styles.methods}>
        <legend>
          <FormattedMessage id="eyewear.rx.method" defaultMessage="How will you give us your prescription?" />
        </legend>
        {methods.map((m) => (
          <label key={m} className={styles.choice}>
            <input
              type="radio"
              name="rx-method"
              value={m}
              checked={method === m}
              onChange={() => actor.send({ type: 'customise.prescription.chooseMethod', method: m })}
            />
            {intl.formatMessage(methodText[m])}
          </label>
        ))}
      </fieldset>
      {method === 'saved' && <SavedChoice actor={actor} />}
      {(method === 'typed' || method === 'saved') && <PrescriptionFormFields form={form} idBase={idBase} withUsage={false} allowPrism />}
      {method === 'upload' && <UploadPrescription actor={actor} />}
      {method === 'later' && (
        <p className={styles.note}>
          <FormattedMessage
            id="eyewear.rx.later"
            defaultMessage="Place your order now and send us your prescription afterwards: we start making your lenses once we have it."
          />
        </p>
      )}
    </StepForm>
  );
}

function SavedChoice({ actor }: { actor: CustomiseActor }) {
  const saved = useSelector(actor, (s) => s.context.savedPrescriptions);
  const savedUid = useSelector(actor, (s) => s.context.savedUid);
  const isLoading = useSelector(actor, (s) => s.matches({ prescription: 'loadingSaved' }));
  const error = useSelector(actor, (s) => (s.matches({ prescription: 'savedFailed' }) ? s.context.savedError : null));
  const intl = useIntl();
  if (isLoading) {
    return (
      <p role="status">
        <FormattedMessage id="eyewear.rx.saved.loading" defaultMessage="Loading your saved prescriptions…" />
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{error}</p>
        <Button onClick={() => actor.send({ type: 'customise.retry' })}>
          <FormattedMessage id="eyewear.customise.retry" defaultMessage="Try again" />
        </Button>
      </div>
    );
  }
  if (!saved?.length) {
    return (
      <p className={styles.note}>
        <FormattedMessage id="eyewear.rx.saved.none" defaultMessage="You have no saved prescriptions yet: type it in, and save it from your account." />
      </p>
    );
  }
  return (
    <fieldset className={styles.choices}>
      <legend>
        <FormattedMessage id="eyewear.rx.saved.legend" defaultMessage="Your saved prescriptions" />
      </legend>
      {saved.map((p) => (
        <label key={p.uid} className={styles.choice}>
          <input
            type="radio"
            name="saved-rx"
            value={p.uid}
            checked={savedUid === p.uid}
            onChange={() => actor.send({ type: 'customise.prescription.pickSaved', uid: p.uid })}
          />
          <span>
            {p.name} —{' '}
            {p.isExpired ? (
              intl.formatMessage({ id: 'eyewear.rx.saved.expired', defaultMessage: 'expired' })
            ) : (
              <FormattedMessage
                id="eyewear.rx.saved.expires"
                defaultMessage="valid until {date}"
                values={{ date: <FormattedDate value={`${p.expiresOn}T12:00:00Z`} dateStyle="medium" /> }}
              />
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function UploadPrescription({ actor }: { actor: CustomiseActor }) {
  const file = useSelector(actor, (s) => s.context.file);
  const fileIssue = useSelector(actor, (s) => s.context.fileIssue);
  const message = useRuleMessage();
  const id = useId();
  return (
    <div className={styles.upload}>
      <label htmlFor={id}>
        <FormattedMessage id="eyewear.rx.upload.label" defaultMessage="Photo or PDF of your prescription (JPG, PNG or PDF, up to 10 MB)" />
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        aria-invalid={fileIssue ? true : undefined}
        aria-describedby={fileIssue ? `${id}-error` : undefined}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen)
            actor.send({ type: 'customise.prescription.attachFile', file: { name: chosen.name, size: chosen.size, type: chosen.type }, body: chosen });
          // The same file can be chosen again after a removal.
          e.target.value = '';
        }}
      />
      {fileIssue ? (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {message(fileIssue)}
        </p>
      ) : null}
      {file ? <UploadStatus actor={actor} name={file.name} /> : null}
    </div>
  );
}

/** Where the attached file is: uploading (with progress), failed (with a retry), or with the shop. */
function UploadStatus({ actor, name }: { actor: CustomiseActor; name: string }) {
  const progress = useSelector(actor, (s) => (s.matches({ prescription: 'uploading' }) ? (s.context.uploadProgress ?? 0) : null));
  const error = useSelector(actor, (s) => (s.context.upload ? null : s.context.uploadError));
  const isUploaded = useSelector(actor, (s) => s.context.upload !== null);
  const canRetry = useSelector(actor, (s) => s.context.fileBody !== null && !s.matches({ prescription: 'uploading' }));
  const remove = (
    <Button priority="low" onClick={() => actor.send({ type: 'customise.prescription.removeFile' })}>
      <FormattedMessage id="eyewear.rx.upload.remove" defaultMessage="Remove the file" />
    </Button>
  );
  if (progress !== null) {
    const percent = Math.round(progress * 100);
    return (
      <div role="status" className={styles.note}>
        <FormattedMessage id="eyewear.rx.upload.uploading" defaultMessage="Uploading {name}… {percent}%" values={{ name, percent }} />
        <progress className={styles.uploadProgress} max={100} value={percent} aria-label={name} />
      </div>
    );
  }
  if (!isUploaded) {
    return (
      <div role="alert" className={styles.alert}>
        <p>
          <FormattedMessage id="eyewear.rx.upload.failed" defaultMessage="{name} could not be uploaded." values={{ name }} /> {error}
        </p>
        {canRetry ? (
          <Button onClick={() => actor.send({ type: 'customise.prescription.retryUpload' })}>
            <FormattedMessage id="eyewear.rx.upload.retry" defaultMessage="Upload again" />
          </Button>
        ) : (
          <FormattedMessage id="eyewear.rx.upload.chooseAgain" defaultMessage="Choose the file again to upload it." />
        )}{' '}
        {remove}
      </div>
    );
  }
  return (
    <p className={styles.note}>
      <FormattedMessage
        id="eyewear.rx.upload.chosen"
        defaultMessage="Uploaded: {name}. Our optician will check it before your lenses are made."
        values={{ name }}
      />{' '}
      {remove}
    </p>
  );
}
