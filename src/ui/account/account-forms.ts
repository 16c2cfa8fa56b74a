import { useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import {
  savedFormMachine,
  selectFormError,
  selectFormValues,
  selectIsSaved,
  selectIsSaving,
  type FormValue,
  type SavedFormActor,
} from '../../machines/account/saved-form.machine';
import { accountFormActors } from '../../services/account/account.actors';
import { useShopClient } from '../app/use-shop-client';

export type AccountFormKind = keyof ReturnType<typeof accountFormActors>;

/** The saved-form machine of one form kind, with its live mutation (`src/services/account/account.actors.ts`). */
export function useSavedFormMachine(kind: AccountFormKind) {
  const client = useShopClient();
  return useMemo(() => savedFormMachine.provide({ actors: { save: accountFormActors({ client, now: Date.now })[kind] } }), [client, kind]);
}

/** What a form's view reads from its saved-form actor (narrow slices) and the events it sends. */
export function useSavedForm(actor: SavedFormActor) {
  const values = useSelector(actor, selectFormValues);
  const saving = useSelector(actor, selectIsSaving);
  const saved = useSelector(actor, selectIsSaved);
  const error = useSelector(actor, selectFormError);
  const text = (field: string) => {
    const value = values[field];
    return typeof value === 'string' ? value : '';
  };
  return {
    saving,
    saved,
    error,
    text,
    change: (field: string) => (value: FormValue) => actor.send({ type: 'form.change', field, value }),
    /** A text field's `value` and `onValue`, bound to `field` of the form. */
    bind: (field: string) => ({ value: text(field), onValue: (value: string) => actor.send({ type: 'form.change', field, value }) }),
    submit: (event: FormEvent) => {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
    },
  };
}
