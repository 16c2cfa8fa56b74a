import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { SavedPrescription } from '../../machines/customise/customise.types';
import type { SavedPrescriptionsActor, SavedPrescriptionsSnapshot } from '../../machines/prescription/saved-prescriptions.machine';
import { usePageActor } from '../app/page-actors';
import { Button } from '../shared/button';
import { SummaryBlock } from '../shared/summary-block';
import { formatEyeSummary, formatMillimetres } from '../shared/prescription-numbers';
import { prescriptionTerms } from '../shared/prescription-terms';
import { AccountLayout } from '../account';
import { PrescriptionFormFields } from './prescription-form-fields';
import styles from './prescriptions.module.css';
import { ErrorLine } from '../shared/error-line';
import { LabelledField } from '../shared/labelled-field';
import { CancelButton } from '../shared/cancel-button';

/**
 * `/prescription` (spec §2, signed in only): the customer's saved prescriptions — list, add, edit,
 * delete. Its machine is the page machine 'savedPrescriptions' (ADR 009).
 */
export function PrescriptionsPage() {
  const actor = usePageActor('savedPrescriptions', {});
  return actor ? <SavedPrescriptionsView actor={actor} /> : null;
}

const selectNotice = (s: SavedPrescriptionsSnapshot) => s.context.notice;

/** The page's view of a running `savedPrescriptions` actor (the page's, or a story's). */
export function SavedPrescriptionsView({ actor }: { actor: SavedPrescriptionsActor }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'eyewear.prescriptions.title', defaultMessage: 'My prescriptions' });
  const loadFailed = useSelector(
    actor,
    (s) => (s.matches('loadFailed') ? { message: s.context.loadError, unauthorised: s.matches({ loadFailed: 'unauthorised' }) } : null),
    (a, b) => a?.message === b?.message && a?.unauthorised === b?.unauthorised,
  );
  const list = useSelector(actor, (s) => s.context.list);
  const isLoading = useSelector(actor, (s) => s.matches('loading'));
  const isEditing = useSelector(actor, (s) => s.matches('editing'));
  const notice = useSelector(actor, selectNotice);

  if (loadFailed && list === null) {
    return (
      <AccountLayout title={title}>
        <div role="alert" className={styles.alert}>
          <p>
            {loadFailed.unauthorised
              ? intl.formatMessage({ id: 'eyewear.prescriptions.signIn', defaultMessage: 'Sign in to see and save your prescriptions.' })
              : loadFailed.message}
          </p>
          {!loadFailed.unauthorised && (
            <Button onClick={() => actor.send({ type: 'prescriptions.retry' })}>
              <FormattedMessage id="eyewear.customise.retry" defaultMessage="Try again" />
            </Button>
          )}
        </div>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={title}>
      <div role="status" className={styles.notice}>
        {notice?.kind === 'saved'
          ? intl.formatMessage({ id: 'eyewear.prescriptions.saved', defaultMessage: '“{name}” is saved.' }, { name: notice.name })
          : null}
        {notice?.kind === 'deleted'
          ? intl.formatMessage({ id: 'eyewear.prescriptions.deleted', defaultMessage: '“{name}” is deleted.' }, { name: notice.name })
          : null}
      </div>
      {isLoading && list === null ? (
        <p role="status">
          <FormattedMessage id="eyewear.prescriptions.loading" defaultMessage="Loading your prescriptions…" />
        </p>
      ) : null}
      {isEditing ? (
        <PrescriptionEditor actor={actor} />
      ) : (
        <>
          {list && list.length === 0 ? (
            <p>
              <FormattedMessage id="eyewear.prescriptions.empty" defaultMessage="You have no saved prescriptions yet." />
            </p>
          ) : null}
          <ul className={styles.list}>
            {(list ?? []).map((p) => (
              <SavedPrescriptionItem key={p.uid} actor={actor} prescription={p} />
            ))}
          </ul>
          {list ? (
            <Button priority="high" onClick={() => actor.send({ type: 'prescriptions.add' })} disabled={isLoading}>
              <FormattedMessage id="eyewear.prescriptions.add" defaultMessage="Add a prescription" />
            </Button>
          ) : null}
        </>
      )}
    </AccountLayout>
  );
}

function SavedPrescriptionItem({ actor, prescription: p }: { actor: SavedPrescriptionsActor; prescription: SavedPrescription }) {
  const intl = useIntl();
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') && s.context.deletingUid === p.uid);
  const deleting = useSelector(actor, (s) => s.matches('deleting') && s.context.deletingUid === p.uid);
  const busy = useSelector(actor, (s) => !s.matches('listing'));
  const error = useSelector(actor, (s) => (s.context.deleteError?.uid === p.uid ? s.context.deleteError.message : null));
  const mm = (value: number | null | undefined) => (typeof value === 'number' ? formatMillimetres(intl, value) : '');
  return (
    <li className={styles.item}>
      {/* A summary block: the prescription's name as its heading, its values, its buttons. */}
      <SummaryBlock level={2} title={p.name}>
        <p className={styles.values}>
          {intl.formatMessage(prescriptionTerms.summary, {
            od: formatEyeSummary(intl, p.od),
            os: formatEyeSummary(intl, p.os),
            pd: p.pd.single !== null ? mm(p.pd.single) : `${mm(p.pd.right)}/${mm(p.pd.left)}`,
          })}
        </p>
        <p className={p.isExpired ? styles.expired : styles.valid}>
          {p.isExpired ? (
            <FormattedMessage
              id="eyewear.prescriptions.expiredOn"
              defaultMessage="Expired on {date}: a new eye exam is needed."
              values={{ date: <FormattedDate value={`${p.expiresOn}T12:00:00Z`} dateStyle="medium" /> }}
            />
          ) : (
            <FormattedMessage
              id="eyewear.prescriptions.expiresOn"
              defaultMessage="Valid until {date}"
              values={{ date: <FormattedDate value={`${p.expiresOn}T12:00:00Z`} dateStyle="medium" /> }}
            />
          )}
        </p>
        <div className={styles.itemActions}>
          <Button
            onClick={() => actor.send({ type: 'prescriptions.edit', uid: p.uid })}
            disabled={busy}
            aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.editNamed', defaultMessage: 'Edit {name}' }, { name: p.name })}
          >
            <FormattedMessage id="eyewear.prescriptions.edit" defaultMessage="Edit" />
          </Button>
          {confirming || deleting ? (
            <>
              <Button
                negative
                disabled={deleting}
                aria-busy={deleting || undefined}
                onClick={() => actor.send({ type: 'prescriptions.confirmDelete' })}
                aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.confirmDeleteNamed', defaultMessage: 'Yes, delete {name}' }, { name: p.name })}
              >
                <FormattedMessage id="eyewear.prescriptions.confirmDelete" defaultMessage="Yes, delete" />
              </Button>
              <Button priority="low" disabled={deleting} onClick={() => actor.send({ type: 'prescriptions.keep' })}>
                <FormattedMessage id="eyewear.prescriptions.keep" defaultMessage="Keep it" />
              </Button>
            </>
          ) : (
            <Button
              negative
              priority="low"
              disabled={busy}
              onClick={() => actor.send({ type: 'prescriptions.askDelete', uid: p.uid })}
              aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.deleteNamed', defaultMessage: 'Delete {name}' }, { name: p.name })}
            >
              <FormattedMessage id="eyewear.prescriptions.delete" defaultMessage="Delete" />
            </Button>
          )}
        </div>
        <ErrorLine message={error} className={styles.error} />
      </SummaryBlock>
    </li>
  );
}

/** Add or edit one saved prescription: name, usage, values (the `prescriptionForm` child). Checked here, saved by the backend (which checks again). */
function PrescriptionEditor({ actor }: { actor: SavedPrescriptionsActor }) {
  const intl = useIntl();
  const editing = useSelector(actor, (s) => s.context.editing);
  const form = useSelector(actor, (s) => s.context.form);
  const name = useSelector(actor, (s) => s.context.name);
  const nameMissing = useSelector(actor, (s) => s.matches({ editing: { form: 'nameMissing' } }));
  const saving = useSelector(actor, (s) => s.matches({ editing: 'saving' }));
  const saveError = useSelector(actor, (s) => s.context.saveError);
  if (!editing || !form) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'prescriptions.save' });
  };
  return (
    <form className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby="rx-editor-title">
      <h2 id="rx-editor-title" className={styles.itemTitle}>
        {editing.uid
          ? intl.formatMessage({ id: 'eyewear.prescriptions.editTitle', defaultMessage: 'Edit “{name}”' }, { name: editing.originalName })
          : intl.formatMessage({ id: 'eyewear.prescriptions.addTitle', defaultMessage: 'New prescription' })}
      </h2>
      <LabelledField className={styles.field} htmlFor="rx-name" label={<FormattedMessage id="eyewear.prescriptions.name" defaultMessage="Name" />}>
        <input
          id="rx-name"
          className={styles.input}
          value={name}
          maxLength={100}
          placeholder={intl.formatMessage({ id: 'eyewear.prescriptions.namePlaceholder', defaultMessage: 'e.g. Reading glasses 2026' })}
          aria-invalid={nameMissing || undefined}
          aria-describedby={nameMissing ? 'rx-name-error' : undefined}
          onChange={(e) => actor.send({ type: 'prescriptions.setName', name: e.target.value })}
        />
        {nameMissing ? (
          <p id="rx-name-error" className={styles.error}>
            <FormattedMessage id="eyewear.prescriptions.nameRequired" defaultMessage="Give the prescription a name, for example “Reading glasses 2026”." />
          </p>
        ) : null}
      </LabelledField>
      <PrescriptionFormFields form={form} idBase="rx" extraIssues={nameMissing ? 1 : 0} />
      {saveError ? (
        <p role="alert" className={styles.error}>
          {saveError}
        </p>
      ) : null}
      <div className={styles.itemActions}>
        <CancelButton onClick={() => actor.send({ type: 'prescriptions.cancel' })} disabled={saving} />
        <Button type="submit" priority="high" disabled={saving} aria-busy={saving || undefined}>
          <FormattedMessage id="eyewear.prescriptions.save" defaultMessage="Save the prescription" />
        </Button>
      </div>
    </form>
  );
}
