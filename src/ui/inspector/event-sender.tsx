import { useId, useState } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { eventChoices } from './event-choices';
import { checkEvent } from '../../machines/shared/event-dry-run';
import styles from './inspector.module.css';

type Payload = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Buttons for the events the current state listens to, with an optional JSON payload. */
export function EventSender({ actor, machine, snapshot }: { actor: AnyActorRef; machine: AnyStateMachine; snapshot: AnyMachineSnapshot }) {
  const [payloadText, setPayloadText] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const payloadId = useId();
  const errorId = useId();
  const refusedId = useId();
  const payload = parsePayload(payloadText);
  const send = (type: string) => {
    if (!payload.ok) return;
    const event = { ...payload.value, type };
    const check = checkEvent(actor, machine, snapshot, event);
    setRefused(check.ok ? null : check.message);
    if (check.ok) actor.send(event);
  };
  const choices = eventChoices(machine, snapshot, payload.ok ? payload.value : {});
  return (
    <section className={styles.panelSection} aria-label="Send an event">
      <h3 className={styles.sectionTitle}>Send an event</h3>
      <label htmlFor={payloadId} className={styles.fieldLabel}>
        Payload (a JSON object, optional)
      </label>
      <textarea
        id={payloadId}
        className={styles.payloadInput}
        value={payloadText}
        onChange={(e) => {
          setPayloadText(e.target.value);
          setRefused(null);
        }}
        rows={3}
        spellCheck={false}
        placeholder='{ "code": "fr", "path": "/" }'
        aria-invalid={!payload.ok || refused !== null}
        aria-describedby={!payload.ok ? errorId : refused !== null ? refusedId : undefined}
      />
      {!payload.ok && (
        <p id={errorId} className={styles.error} role="alert">
          {payload.message}
        </p>
      )}
      {payload.ok && refused !== null && (
        <p id={refusedId} className={styles.error} role="alert">
          {refused}
        </p>
      )}
      {choices.length === 0 ? (
        <p className={styles.note}>The current state listens to no event that can be sent by hand.</p>
      ) : (
        <>
          <p className={styles.note}>Events listened to in the current state; those not accepted now (with this payload) are disabled.</p>
          <ul className={styles.eventButtons}>
            {choices.map((choice) => (
              <li key={choice.type}>
                <button
                  type="button"
                  disabled={!payload.ok || choice.accepted === false}
                  title={choice.accepted === 'unknown' ? 'Its guard needs a payload to decide' : undefined}
                  onClick={() => send(choice.type)}
                >
                  {choice.type}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function parsePayload(text: string): Payload {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return {
        ok: false,
        message: 'The payload must be a JSON object, e.g. { "code": "fr" }.',
      };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return {
      ok: false,
      message: `The payload is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
