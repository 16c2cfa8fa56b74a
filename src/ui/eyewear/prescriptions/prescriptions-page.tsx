import { useMutation, useQuery } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import {
  checkPrescription,
  draftForUsage,
  draftOfPrescription,
  emptyPrescriptionDraft,
  payloadOf,
  setDraftField,
  setPdMode,
  type LensUsage,
  type PrescriptionDraft,
  type PrescriptionField,
} from '../../../machines/prescription/prescription-rules';
import {
  ADD_SAVED_PRESCRIPTION,
  DELETE_SAVED_PRESCRIPTION,
  SAVED_PRESCRIPTIONS,
  UPDATE_SAVED_PRESCRIPTION,
  type SavedPrescriptionNode,
} from '../../../services/customise/customise.operations';
import { Button } from '../../shared/button';
import { PageHeading } from '../../shared/page-heading';
import { useDocumentTitle } from '../../shared/use-document-title';
import { LensUsageField } from './lens-usage-field';
import { PrescriptionForm } from './prescription-form';
import styles from './prescriptions.module.css';

/** Today as YYYY-MM-DD in the shopper's time zone (the exam-date rule). */
const todayIso = () => new Date().toLocaleDateString('en-CA');

type Editing = { uid: string | null; name: string; usage: LensUsage; draft: PrescriptionDraft };

/** `/prescription` (spec §2, signed in only): the customer's saved prescriptions — list, add, edit, delete. */
export function PrescriptionsPage() {
  const intl = useIntl();
  const { data, loading, error, refetch } = useQuery(SAVED_PRESCRIPTIONS, { variables: {}, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = (data?.lunetteSavedPrescriptions ?? []).flatMap((p) => (p ? [p] : []));
  const title = intl.formatMessage({ id: 'eyewear.prescriptions.title', defaultMessage: 'My prescriptions' });
  useDocumentTitle(title);

  if (error && !data) {
    const unauthorised = error.graphQLErrors.some((e) => e.extensions?.category === 'graphql-authorization' || /authori[sz]ed/i.test(e.message));
    return (
      <article className={styles.page}>
        <PageHeading className={styles.title}>{title}</PageHeading>
        <div role="alert" className={styles.alert}>
          <p>
            {unauthorised
              ? intl.formatMessage({ id: 'eyewear.prescriptions.signIn', defaultMessage: 'Sign in to see and save your prescriptions.' })
              : error.message}
          </p>
          {!unauthorised && (
            <Button onClick={() => void refetch()}>
              <FormattedMessage id="eyewear.customise.retry" defaultMessage="Try again" />
            </Button>
          )}
        </div>
      </article>
    );
  }

  return (
    <article className={styles.page}>
      <PageHeading className={styles.title}>{title}</PageHeading>
      <div role="status" className={styles.notice}>
        {notice}
      </div>
      {loading && !data ? (
        <p role="status">
          <FormattedMessage id="eyewear.prescriptions.loading" defaultMessage="Loading your prescriptions…" />
        </p>
      ) : null}
      {editing ? (
        <PrescriptionEditor
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setNotice(intl.formatMessage({ id: 'eyewear.prescriptions.saved', defaultMessage: '“{name}” is saved.' }, { name }));
          }}
        />
      ) : (
        <>
          {data && list.length === 0 ? (
            <p>
              <FormattedMessage id="eyewear.prescriptions.empty" defaultMessage="You have no saved prescriptions yet." />
            </p>
          ) : null}
          <ul className={styles.list}>
            {list.map((p) => (
              <SavedPrescriptionItem
                key={p.uid}
                prescription={p}
                onEdit={() =>
                  setEditing({
                    uid: p.uid,
                    name: p.name,
                    usage: p.prescription.usage && p.prescription.usage !== 'NON_PRESCRIPTION' ? p.prescription.usage : 'SINGLE_VISION_DISTANCE',
                    draft: draftOfPrescription({ ...p.prescription, examDate: p.prescription.exam_date }),
                  })
                }
                onDeleted={() => setNotice(intl.formatMessage({ id: 'eyewear.prescriptions.deleted', defaultMessage: '“{name}” is deleted.' }, { name: p.name }))}
              />
            ))}
          </ul>
          {data ? (
            <Button priority="high" onClick={() => setEditing({ uid: null, name: '', usage: 'SINGLE_VISION_DISTANCE', draft: emptyPrescriptionDraft() })}>
              <FormattedMessage id="eyewear.prescriptions.add" defaultMessage="Add a prescription" />
            </Button>
          ) : null}
        </>
      )}
    </article>
  );
}

function SavedPrescriptionItem({ prescription: p, onEdit, onDeleted }: { prescription: SavedPrescriptionNode; onEdit: () => void; onDeleted: () => void }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading, error }] = useMutation(DELETE_SAVED_PRESCRIPTION, { refetchQueries: [SAVED_PRESCRIPTIONS], awaitRefetchQueries: true });
  const rx = p.prescription;
  const eye = (e: typeof rx.od) => `${e.sph > 0 ? '+' : ''}${e.sph.toFixed(2)}${e.cyl ? ` ${e.cyl.toFixed(2)} × ${e.axis}` : ''}${e.add ? ` ADD +${e.add.toFixed(2)}` : ''}`;
  return (
    <li className={styles.item}>
      <h2 className={styles.itemTitle}>{p.name}</h2>
      <p className={styles.values}>
        OD {eye(rx.od)} · OS {eye(rx.os)} · PD {rx.pd.single ?? `${rx.pd.right}/${rx.pd.left}`}
      </p>
      <p className={rx.is_expired ? styles.expired : styles.valid}>
        {rx.is_expired ? (
          <FormattedMessage id="eyewear.prescriptions.expiredOn" defaultMessage="Expired on {date}: a new eye exam is needed." values={{ date: <FormattedDate value={`${rx.expires_on}T12:00:00Z`} dateStyle="medium" /> }} />
        ) : (
          <FormattedMessage id="eyewear.prescriptions.expiresOn" defaultMessage="Valid until {date}" values={{ date: <FormattedDate value={`${rx.expires_on}T12:00:00Z`} dateStyle="medium" /> }} />
        )}
      </p>
      <div className={styles.itemActions}>
        <Button onClick={onEdit} aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.editNamed', defaultMessage: 'Edit {name}' }, { name: p.name })}>
          <FormattedMessage id="eyewear.prescriptions.edit" defaultMessage="Edit" />
        </Button>
        {confirming ? (
          <>
            <Button
              negative
              disabled={loading}
              onClick={() => void remove({ variables: { uid: p.uid } }).then(onDeleted, () => undefined)}
              aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.confirmDeleteNamed', defaultMessage: 'Yes, delete {name}' }, { name: p.name })}
            >
              <FormattedMessage id="eyewear.prescriptions.confirmDelete" defaultMessage="Yes, delete" />
            </Button>
            <Button priority="low" onClick={() => setConfirming(false)}>
              <FormattedMessage id="eyewear.prescriptions.keep" defaultMessage="Keep it" />
            </Button>
          </>
        ) : (
          <Button negative priority="low" onClick={() => setConfirming(true)} aria-label={intl.formatMessage({ id: 'eyewear.prescriptions.deleteNamed', defaultMessage: 'Delete {name}' }, { name: p.name })}>
            <FormattedMessage id="eyewear.prescriptions.delete" defaultMessage="Delete" />
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
    </li>
  );
}

/** Add or edit one saved prescription: name, usage, values. Checked here, saved by the backend (which checks again). */
export function PrescriptionEditor({ editing, onCancel, onSaved }: { editing: Editing; onCancel: () => void; onSaved: (name: string) => void }) {
  const intl = useIntl();
  const [name, setName] = useState(editing.name);
  const [usage, setUsage] = useState<LensUsage>(editing.usage);
  const [draft, setDraft] = useState(editing.draft);
  const [touched, setTouched] = useState<PrescriptionField[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [add, added] = useMutation(ADD_SAVED_PRESCRIPTION, { refetchQueries: [SAVED_PRESCRIPTIONS], awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_SAVED_PRESCRIPTION, { refetchQueries: [SAVED_PRESCRIPTIONS], awaitRefetchQueries: true });
  const check = checkPrescription(draft, { usage, today: todayIso() });
  const issues = submitted ? check.issues : Object.fromEntries(Object.entries(check.issues).filter(([f]) => touched.includes(f as PrescriptionField)));
  const nameMissing = submitted && !name.trim();
  const saving = added.loading || updated.loading;
  const saveError = added.error ?? updated.error;
  const count = Object.keys(check.issues).length + (name.trim() ? 0 : 1);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!check.prescription || !name.trim()) return;
    const input = { name: name.trim(), prescription: payloadOf(check.prescription, { withPrism: false }) };
    const saving = editing.uid ? update({ variables: { uid: editing.uid, input } }) : add({ variables: { input } });
    void saving.then(() => onSaved(input.name), () => undefined);
  };

  return (
    <form className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby="rx-editor-title">
      <h2 id="rx-editor-title" className={styles.itemTitle}>
        {editing.uid
          ? intl.formatMessage({ id: 'eyewear.prescriptions.editTitle', defaultMessage: 'Edit “{name}”' }, { name: editing.name })
          : intl.formatMessage({ id: 'eyewear.prescriptions.addTitle', defaultMessage: 'New prescription' })}
      </h2>
      {submitted && count > 0 ? (
        <p role="alert" className={styles.error}>
          <FormattedMessage id="eyewear.rx.summary" defaultMessage="{count, plural, one {# value needs fixing} other {# values need fixing}}: see the messages next to the fields." values={{ count }} />
        </p>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="rx-name">
          <FormattedMessage id="eyewear.prescriptions.name" defaultMessage="Name" />
        </label>
        <input
          id="rx-name"
          className={styles.input}
          value={name}
          maxLength={100}
          placeholder={intl.formatMessage({ id: 'eyewear.prescriptions.namePlaceholder', defaultMessage: 'e.g. Reading glasses 2026' })}
          aria-invalid={nameMissing || undefined}
          aria-describedby={nameMissing ? 'rx-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {nameMissing ? (
          <p id="rx-name-error" className={styles.error}>
            <FormattedMessage id="eyewear.prescriptions.nameRequired" defaultMessage="Give the prescription a name, for example “Reading glasses 2026”." />
          </p>
        ) : null}
      </div>
      <LensUsageField
        id="rx-usage"
        value={usage}
        onChange={(next) => {
          setUsage(next);
          setDraft((d) => draftForUsage(d, next));
        }}
      />
      <PrescriptionForm
        draft={draft}
        issues={issues}
        usage={usage}
        onChange={(field, value) => setDraft((d) => setDraftField(d, field, value))}
        onLeave={(field) => setTouched((t) => (t.includes(field) ? t : [...t, field]))}
        onPdMode={(mode) => setDraft((d) => setPdMode(d, mode))}
      />
      {saveError ? (
        <p role="alert" className={styles.error}>
          {saveError.message}
        </p>
      ) : null}
      <div className={styles.itemActions}>
        <Button priority="low" onClick={onCancel}>
          <FormattedMessage id="eyewear.prescriptions.cancel" defaultMessage="Cancel" />
        </Button>
        <Button type="submit" priority="high" disabled={saving}>
          <FormattedMessage id="eyewear.prescriptions.save" defaultMessage="Save the prescription" />
        </Button>
      </div>
    </form>
  );
}
