import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import {
  selectFormError,
  selectFormValues,
  selectIsSaved,
  selectIsSaving,
  type FormValue,
  type SavedFormActor,
  type SavedFormInput,
} from '../../machines/account/saved-form.machine';
import type { PageMachineId } from '../../machines/app/page-machines';
import { usePageActor } from '../app/page-actors';

type SavedFormId = Extract<PageMachineId, `${string}Form`>;

/**
 * The running saved-form machine of one form of the page (ADR 009), or null while its code loads.
 * What is typed is the machine's: the customer's details read again do not start the form over
 * (one machine per page shown, unless `key` names another flow, as another reset link).
 */
export function useSavedFormActor(form: SavedFormId, input: SavedFormInput, key: string = form): SavedFormActor | null {
  return usePageActor(form, input, key);
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
