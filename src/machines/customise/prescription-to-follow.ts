/**
 * The prescription option's text when the shopper chose "send it later" (the lens wizard writes it,
 * the optician reads it). Apart from the wizard's rules so that every line listing (the mini cart
 * on every page) can recognise it without loading them.
 */
export const LATER_TEXT = 'Prescription to follow: the shopper will send it later.';

/** An order line's prescription option says the shopper chose "send it later": the order waits for it. */
export const isPrescriptionToFollow = (optionValue: string | null | undefined) => optionValue === LATER_TEXT;
