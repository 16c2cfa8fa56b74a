import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UnhandledErrorRecord } from '../../machines/app/app.machine';
import { Button } from '../shared/button';
import { errorMessages } from '../shared/error-messages';
import { useLogLines } from './log-lines';
import styles from './unhandled-error-overlay.module.css';

/** The overlay's modal dialog: loaded only when an unhandled error is there to show (precached for offline). */
export function ErrorDialog({ errors, onReload, onDismiss }: { errors: readonly UnhandledErrorRecord[]; onReload: () => void; onDismiss: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const idsId = useId();

  // Modal while mounted: the page behind is inert; focus goes back where it was once it is handled.
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={idsId}
      className={styles.dialog}
      onCancel={(event) => {
        // Escape dismisses through the machine, like the button.
        event.preventDefault();
        onDismiss();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {intl.formatMessage(errorMessages.generic)}
      </h2>
      <p id={idsId} className={styles.ids}>
        <FormattedMessage
          id="shell.error.ids"
          defaultMessage="{count, plural, one {Error id:} other {Error ids:}} {ids}"
          values={{ count: errors.length, ids: <code>{errors.map((record) => record.id).join(', ')}</code> }}
        />
      </p>
      <LogDetails />
      <div className={styles.actions}>
        <Button priority="high" onClick={onReload} data-autofocus>
          <FormattedMessage id="shell.error.reload" defaultMessage="Reload page" />
        </Button>
        <Button priority="low" onClick={onDismiss}>
          <FormattedMessage id="shell.error.dismiss" defaultMessage="Dismiss" />
        </Button>
      </div>
    </dialog>
  );
}

/** The last log lines (spec §9 "Log buffer 30 lines"), for whoever reports the problem. */
function LogDetails() {
  const intl = useIntl();
  const lines = useLogLines();
  return (
    <details className={styles.details}>
      <summary>
        <FormattedMessage id="shell.error.details" defaultMessage="Details" />
      </summary>
      {lines.length === 0 ? (
        <p>
          <FormattedMessage id="shell.error.noLog" defaultMessage="Nothing was logged." />
        </p>
      ) : (
        // Scrolls when long, so it takes keyboard focus (WCAG 2.1.1).
        <ol className={styles.log} tabIndex={0} aria-label={intl.formatMessage({ id: 'shell.error.log', defaultMessage: 'Last log lines, oldest first' })}>
          {lines.map((line, index) => (
            <li key={index}>
              <time dateTime={new Date(line.at).toISOString()}>{intl.formatTime(line.at, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}</time>{' '}
              {line.text}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
