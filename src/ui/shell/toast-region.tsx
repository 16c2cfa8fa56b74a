import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { selectToasts, type Toast, type ToastActorRef, type ToastType } from '../../machines/toast/toast.machine';
import { errorMessages } from '../shared/error-messages';
import { IconClose, lineIconProps } from '../shared/icons';
import { isRawText, shopperMessageOf } from '../shared/shopper-message';
import { useShopActors } from '../app/shop-actors';
import { TOAST_MESSAGES } from './toast-messages';
import styles from './toast-region.module.css';

/** The key that moves keyboard focus to the notifications (the convention of Radix's and Adobe's toasts). */
export const TOAST_HOTKEY = 'F8';

const sameToasts = (a: Toast[], b: Toast[]) => a.length === b.length && a.every((toast, i) => toast === b[i]);

/**
 * The one place toasts show (spec §3 "Toast", §4 "Other", §9): every toast of the toast machine,
 * oldest first, with its type, message (in the shopper's language when it carries a message id), the
 * time it was first raised and a mark when it came again. A dismissable toast has a close button;
 * Escape on a toast closes it too. Errors are announced at once (`aria-live="assertive"`), the
 * others politely; both live regions are always in the page, so a toast arriving is heard. F8 moves focus
 * to the newest toast, and a toast under the pointer or focus waits (its timer is paused).
 */
export function ToastRegion() {
  const intl = useIntl();
  const { toast: toastActor } = useShopActors();
  const toasts = useSelector(toastActor, selectToasts, sameToasts);
  const region = useRef<HTMLElement>(null);
  /** Where focus was before F8: it goes back there when the last toast is dismissed from the keyboard. */
  const focusBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || !region.current) return;
      const targets = region.current.querySelectorAll<HTMLElement>('[data-toast-focus]');
      const target = targets[targets.length - 1];
      if (!target) return;
      event.preventDefault();
      const active = document.activeElement;
      if (!region.current.contains(active)) focusBefore.current = active instanceof HTMLElement && active !== document.body ? active : null;
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  /** Focus stays in the notifications (the next toast) or goes back where it was, never to the page's top. */
  const moveFocusFrom = (id: string) => {
    const items = [...(region.current?.querySelectorAll<HTMLElement>('[data-toast-focus]') ?? [])];
    const index = items.findIndex((item) => item.dataset.toastFocus === id);
    const next = items[index + 1] ?? items[index - 1];
    if (next) next.focus();
    else if (focusBefore.current?.isConnected) focusBefore.current.focus();
    else document.getElementById('main')?.focus();
  };
  const dismiss = (toast: Toast, fromKeyboardFocus: boolean) => {
    if (fromKeyboardFocus) moveFocusFrom(toast.id);
    toastActor.send({ type: 'toast.remove', id: toast.id });
  };

  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');
  const render = (toast: Toast) => (
    <ToastItem key={toast.id} toast={toast} intl={intl} toastActor={toastActor} onDismiss={(fromKeyboardFocus) => dismiss(toast, fromKeyboardFocus)} />
  );
  return (
    <section
      ref={region}
      className={styles.region}
      aria-label={intl.formatMessage({ id: 'toast.region', defaultMessage: 'Notifications ({hotkey})' }, { hotkey: TOAST_HOTKEY })}
      data-empty={toasts.length === 0 || undefined}
    >
      {/* Live regions without roles: an empty alert or status in every page would stand in the way of the page's own. */}
      <div aria-live="assertive" className={styles.list}>
        {errors.map(render)}
      </div>
      <div aria-live="polite" className={styles.list}>
        {others.map(render)}
      </div>
    </section>
  );
}

function typeLabel(intl: IntlShape, type: ToastType): string {
  switch (type) {
    case 'error':
      return intl.formatMessage({ id: 'toast.type.error', defaultMessage: 'Error' });
    case 'warning':
      return intl.formatMessage({ id: 'toast.type.warning', defaultMessage: 'Warning' });
    case 'success':
      return intl.formatMessage({ id: 'toast.type.success', defaultMessage: 'Done' });
    case 'info':
      return intl.formatMessage({ id: 'toast.type.info', defaultMessage: 'Information' });
  }
}

/**
 * The toast's words: its message id's words in the shopper's language when the region knows the id,
 * else its message. A backend's reason passes the catalogue's filter (spec §8): never a URL,
 * a request, a status or an id.
 */
export function toastMessage(intl: IntlShape, toast: Pick<Toast, 'message' | 'messageId' | 'values'>): string {
  const descriptor = toast.messageId ? TOAST_MESSAGES[toast.messageId] : undefined;
  const reason = toast.values?.reason;
  const values = typeof reason === 'string' ? { ...toast.values, reason: shopperMessageOf(reason, intl) ?? '' } : toast.values;
  // A message without an id is a machine's or a backend's words: plain ones stay, a browser's ("Failed to fetch") become the catalogue's.
  const text = descriptor ? intl.formatMessage(descriptor, values) : (shopperMessageOf(toast.message, intl) ?? '');
  return isRawText(text) ? intl.formatMessage(errorMessages.generic) : text;
}

interface ToastItemProps {
  toast: Toast;
  intl: IntlShape;
  toastActor: ToastActorRef;
  onDismiss: (fromKeyboardFocus: boolean) => void;
}

function ToastItem({ toast, intl, toastActor, onDismiss }: ToastItemProps) {
  const textId = useId();
  const pause = () => toastActor.send({ type: 'toast.pause', id: toast.id });
  const resume = () => toastActor.send({ type: 'toast.resume', id: toast.id });
  const leaves = (event: FocusEvent<HTMLElement>) => !event.currentTarget.contains(event.relatedTarget as Node | null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && toast.dismissable) {
      event.stopPropagation();
      onDismiss(true);
    }
  };
  const focusable = toast.dismissable;
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      data-toast-type={toast.type}
      data-paused={toast.isPaused || undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(event) => {
        if (leaves(event)) resume();
      }}
      onKeyDown={onKeyDown}
      // A toast without a close button is still reached with F8 (to read it while it waits).
      {...(focusable ? {} : { tabIndex: -1, 'data-toast-focus': toast.id })}
    >
      <span className={styles.icon}>
        <ToastIcon type={toast.type} />
      </span>
      <p className={styles.text} id={textId}>
        <span className="visually-hidden">
          {intl.formatMessage({ id: 'toast.typeLabel', defaultMessage: '{type}:' }, { type: typeLabel(intl, toast.type) })}{' '}
        </span>
        <span>{toastMessage(intl, toast)}</span>
        {toast.isDuplicate ? (
          <>
            {' '}
            <span className={styles.again}>{intl.formatMessage({ id: 'toast.again', defaultMessage: 'again' })}</span>
          </>
        ) : null}
        <time className={styles.time} dateTime={new Date(toast.timestamp).toISOString()}>
          {intl.formatTime(toast.timestamp, { hour: 'numeric', minute: '2-digit' })}
        </time>
      </p>
      {toast.dismissable ? (
        <button
          type="button"
          className={styles.dismiss}
          data-toast-focus={toast.id}
          aria-label={intl.formatMessage({ id: 'toast.dismiss', defaultMessage: 'Dismiss notification' })}
          aria-describedby={textId}
          // detail 0: activated from the keyboard (Enter or Space), so focus moves on instead of being lost.
          onClick={(event) => onDismiss(event.detail === 0)}
        >
          <IconClose />
        </button>
      ) : null}
    </div>
  );
}

const iconProps = { ...lineIconProps, width: 20, height: 20 } as const;

function ToastIcon({ type }: { type: ToastType }) {
  switch (type) {
    case 'success':
      return (
        <svg {...iconProps}>
          <path d="m5 12 5 5L20 7" />
        </svg>
      );
    case 'error':
      return (
        <svg {...iconProps}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v6M12 17h.01" />
        </svg>
      );
    case 'warning':
      return (
        <svg {...iconProps}>
          <path d="M12 3 2 21h20z" />
          <path d="M12 10v4M12 18h.01" />
        </svg>
      );
    case 'info':
      return (
        <svg {...iconProps}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7h.01" />
        </svg>
      );
  }
}
