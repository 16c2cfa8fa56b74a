import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../button';
import { errorMessages } from '../error-messages';
import { LoadingRegion, Shimmer } from '../skeleton';
import { PageHeading } from '../page-heading';
import { useDocumentTitle } from '../use-document-title';
import styles from './link-outcome.module.css';
import { shopperMessageOf } from '../shopper-message';

export interface LinkOutcomeProps {
  /** Names the state shown: when it changes after an in-app navigation, focus moves to the new heading. */
  stateKey: string;
  title: string;
  /** Read to screen readers when the state changes (the live region stays mounted across states); the title when absent. */
  announcement?: string;
  /** Still working: shimmers instead of the body, announced as `loadingLabel`. */
  loadingLabel?: string;
  tone?: 'neutral' | 'problem';
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The frame of every page a link opens (alerts, unsubscribe, abandoned cart, payment returns):
 * one heading, one polite live region that says what happened, the explanation, and what to do
 * next. Never a blank page: every state has words and a way on.
 */
export function LinkOutcome({ stateKey, title, announcement = title, loadingLabel, tone = 'neutral', children, actions }: LinkOutcomeProps) {
  useDocumentTitle(title);
  const busy = loadingLabel !== undefined;
  return (
    <section className={[styles.page, tone === 'problem' ? styles.problem : null].filter(Boolean).join(' ')} aria-busy={busy}>
      <p role="status" aria-live="polite" className="visually-hidden">
        {busy ? '' : announcement}
      </p>
      <PageHeading className={styles.title} focusKey={stateKey}>
        {title}
      </PageHeading>
      {busy ? (
        <LoadingRegion label={loadingLabel} className={styles.loading}>
          <Shimmer width="100%" height={1.25} />
          <Shimmer width="70%" height={1.25} />
          <Shimmer type="button" />
        </LoadingRegion>
      ) : (
        <>
          <div className={styles.body}>{children}</div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </>
      )}
    </section>
  );
}

export interface LinkErrorOutcomeProps {
  title: string;
  /** What failed, as the backend or the network said it (its text, or the error itself). */
  message: string | Error | null;
  /** The retry button's words ("Try again" when absent). */
  retryLabel?: string;
  onRetry: () => void;
  /** The other way on beside "try again" (home, the cart, contact). */
  otherAction: ReactNode;
  /** A last line of reassurance (what was kept, what not to do). */
  children?: ReactNode;
}

/** A link's request failed: what failed in plain words (or the generic wording of spec §8 when that is all there is), and a retry. Nothing is lost. */
export function LinkErrorOutcome({ title, message: rawMessage, retryLabel, onRetry, otherAction, children }: LinkErrorOutcomeProps) {
  const intl = useIntl();
  const retry = retryLabel ?? intl.formatMessage({ id: 'alerts.tryAgain', defaultMessage: 'Try again' });
  // Spec §8: the request's raw text stays in the log; the shopper reads plain words.
  const shown = shopperMessageOf(rawMessage || null, intl) ?? '';
  const generic = intl.formatMessage(errorMessages.generic);
  return (
    <LinkOutcome
      stateKey="error"
      tone="problem"
      title={title}
      announcement={shown && shown !== generic ? `${title}. ${shown}` : `${title}. ${generic}`}
      actions={
        <>
          <Button priority="high" onClick={onRetry}>
            {retry}
          </Button>
          {otherAction}
        </>
      }
    >
      {/* One sentence: what failed when it is known ("The shop could not be reached…"), else the generic words. */}
      {shown && shown !== generic ? <p className={styles.detail}>{shown}</p> : <p>{generic}</p>}
      {children}
    </LinkOutcome>
  );
}

/** The way on that most link pages offer: back to the home page. */
export function ContinueShoppingLink() {
  const intl = useIntl();
  return (
    <Link to="/" className={buttonClassName({ priority: 'low' })}>
      {intl.formatMessage({ id: 'alerts.continueShopping', defaultMessage: 'Continue shopping' })}
    </Link>
  );
}

export interface SignInOutcomeProps {
  stateKey: string;
  title: string;
  /** Where signing in brings the shopper back to. */
  from: string;
  tone?: LinkOutcomeProps['tone'];
  /** The other way on beside "sign in". */
  otherAction?: ReactNode;
  children?: ReactNode;
}

/** A link only its account may follow: sign in, and come back here. */
export function SignInOutcome({ stateKey, title, from, tone, otherAction, children }: SignInOutcomeProps) {
  const intl = useIntl();
  return (
    <LinkOutcome
      stateKey={stateKey}
      tone={tone}
      title={title}
      actions={
        <>
          <Link to="/sign-in" state={{ from }} className={buttonClassName({ priority: 'high' })}>
            {intl.formatMessage({ id: 'alerts.signIn', defaultMessage: 'Sign in' })}
          </Link>
          {otherAction}
        </>
      }
    >
      {children}
    </LinkOutcome>
  );
}

/** Still working: the page's title over shimmers, `label` read to screen readers. */
export function WorkingOutcome({ stateKey, title, label }: { stateKey: string; title: string; label: string }) {
  return <LinkOutcome stateKey={stateKey} title={title} announcement="" loadingLabel={label} />;
}
