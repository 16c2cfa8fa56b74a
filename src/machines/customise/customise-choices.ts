/**
 * The lens wizard's choices as pure functions: what is allowed, what it costs, and what goes to the
 * cart. The machine and its views both read them; nothing here does I/O.
 */
import { lineWithTaxes } from '../../../rules/prices/tax';
import { formPrescriptionOf, type PrescriptionFormActor } from '../prescription/prescription-form.machine';
import {
  conflictingCoating,
  sunCoatingIssue,
  sunLensIssue,
  draftOfPrescription,
  firstAllowedIndex,
  indexAdviceIssue,
  recommendedIndex,
  lensCombinationIssue,
  lensIndexIssue,
  lensUsageOf,
  offersLens,
  payloadOf,
  usageIssue,
  FRAME_ONLY,
  type UsageChoice,
  type Prescription,
  type PrescriptionDraft,
  type RuleIssue,
} from '../../../rules/eyewear/prescription';
import type {
  CartLensChoices,
  CartOperationKind,
  CoatingOptionValue,
  CustomiseInput,
  CustomiseStep,
  FrameSummary,
  IndexOptionValue,
  KeptWizard,
  LensCartItem,
  LensProduct,
  PrescriptionFile,
  PrescriptionMethod,
  SavedPrescription,
  UploadedPrescription,
  VariantPreselection,
} from './customise.types';
import type { CartItemUpdate, CartItemToAdd } from '../cart/cart.types';
import { uploadedPrescriptionOf, uploadedPrescriptionText } from './uploaded-prescription-text';
import { LATER_TEXT } from './prescription-to-follow';
import { startStepHistory, type StepHistory } from '../shared/step-history';

export type WizardIssueCode =
  | 'fileRequired'
  | 'fileTooLarge'
  | 'fileType'
  | 'fileUploading'
  | 'fileNotUploaded'
  | 'variantRequired'
  | 'usageRequired'
  | 'indexRequired'
  | 'savedRequired'
  | 'optionsMissing'
  | 'variantOutOfStock'
  | 'frameOutOfStock';

export interface WizardIssue {
  code: WizardIssueCode | RuleIssue['code'];
  values?: Record<string, string | number>;
}

/**
 * Why the wizard moved the lens to another index, as its notice says it: the prescription needs a
 * thinner lens, or the rimless frame is drilled and needs a stronger one (polycarbonate, Trivex or
 * 1.61+) whatever the prescription (rules/eyewear `suitsRimless`).
 */
export type UpgradeReason = 'prescription' | 'rimless';

export interface ForcedIndex {
  fromUid: string | null;
  toUid: string;
  reason: UpgradeReason;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export interface CustomiseContext {
  urlKey: string | null;
  isSignedIn: boolean;
  today: string;
  editing: CartLensChoices | null;
  /** The cart line to read back before loading the frame (null once read, or when not editing). */
  editItemUid: string | null;
  /** The product page's colour and size (attribute code → value_index), applied when the frame loads. */
  preselect: VariantPreselection;
  frames: FrameSummary[];
  product: LensProduct | null;
  /** Chosen configurable value uid per attribute uid. */
  variantSelection: Record<string, string>;
  /** The first choice: lenses of a usage, or the frame alone (ADR 035 "Frame only"). */
  usage: UsageChoice | null;
  method: PrescriptionMethod;
  /**
   * The prescription typed in (or a saved one, or a cart line's, loaded into it): the shop's one
   * `prescriptionForm` machine, spawned for the whole wizard so that what was typed outlives every
   * step change and a failed add. The wizard keeps its usage and frame in step with it.
   */
  form: PrescriptionFormActor;
  savedPrescriptions: SavedPrescription[] | null;
  savedUid: string | null;
  file: PrescriptionFile | null;
  /** The attached file's bytes, kept for a retry until the upload succeeds. */
  fileBody: Blob | null;
  fileIssue: WizardIssue | null;
  /** The stored file; null until the upload succeeds. */
  upload: UploadedPrescription | null;
  /** Share of the file sent (0…1) while uploading. */
  uploadProgress: number | null;
  /** Why the last upload failed (the server's message). */
  uploadError: string | null;
  indexUid: string | null;
  /** Set when a rule moved the lens to another index: the prescription's strength, or a rimless frame's drilling. */
  forcedIndex: ForcedIndex | null;
  coatingUids: string[];
  stepIssue: WizardIssue | null;
  loadError: string | null;
  savedError: string | null;
  addError: string | null;
  /** The step the URL shows (ADR 008): entering another pushes an entry. */
  history: StepHistory<CustomiseStep>;
  /** The step the URL named when the wizard started (a reload): opened once the frame is loaded, if its choices allow. */
  requestedStep: CustomiseStep | null;
  /** The choices kept for this URL, restored when the frame loads (with `requestedStep`). */
  kept: KeptWizard | null;
  /** The line this wizard added to the cart: adding the same choices again adds nothing. */
  addedItem: CartItemToAdd | null;
}

export function initialContext(input: CustomiseInput, form: PrescriptionFormActor): CustomiseContext {
  return {
    urlKey: input.urlKey,
    isSignedIn: input.isSignedIn,
    today: input.today,
    editing: input.editing ?? null,
    editItemUid: input.editing ? null : (input.editItemUid ?? null),
    preselect: input.preselect ?? {},
    frames: [],
    product: null,
    variantSelection: {},
    usage: null,
    method: 'typed',
    form,
    savedPrescriptions: null,
    savedUid: null,
    file: null,
    fileBody: null,
    fileIssue: null,
    upload: null,
    uploadProgress: null,
    uploadError: null,
    indexUid: null,
    forcedIndex: null,
    coatingUids: [],
    stepIssue: null,
    loadError: null,
    savedError: null,
    addError: null,
    history: startStepHistory(input.step ?? null),
    requestedStep: input.step ?? null,
    kept: input.step ? (input.kept ?? null) : null,
    addedItem: input.step ? (input.kept?.addedItem ?? null) : null,
  };
}

// --- frame ----------------------------------------------------------------------------------------

/** The variant the selection names, when every attribute has a value. */
export function chosenVariant(context: Pick<CustomiseContext, 'product' | 'variantSelection'>) {
  const product = context.product;
  if (!product) return null;
  const uids = product.attributes.map((a) => context.variantSelection[a.uid]);
  if (uids.some((u) => !u)) return null;
  return product.variants.find((v) => uids.every((u) => v.valueUids.includes(u as string))) ?? null;
}

export function variantIssue(context: Pick<CustomiseContext, 'product' | 'variantSelection'>): WizardIssue | null {
  const missing = context.product?.attributes.find((a) => !context.variantSelection[a.uid]);
  if (missing) return { code: 'variantRequired', values: { attribute: missing.label } };
  return variantStockIssue(context);
}

/** Whether any variant (or the frame itself, without variants) can be sold. */
export function frameInStock(product: LensProduct): boolean {
  if (product.inStock === false) return false;
  return product.variants.length === 0 || product.variants.some((v) => v.inStock);
}

/** The chosen colour and size as the shopper reads them: "Tortoise, L". */
export function variantLabelOf(context: Pick<CustomiseContext, 'product' | 'variantSelection'>): string {
  return chosenValueLabels(context)
    .map((v) => v.value)
    .join(', ');
}

/** Each attribute with its chosen value's label (colour, size), in the frame's order. */
export function chosenValueLabels(context: Pick<CustomiseContext, 'product' | 'variantSelection'>): { attribute: string; value: string }[] {
  return (context.product?.attributes ?? []).flatMap((a) => {
    const value = a.values.find((v) => v.uid === context.variantSelection[a.uid]);
    return value ? [{ attribute: a.label, value: value.label }] : [];
  });
}

/**
 * Spec §4 "Add item" meets the stock: a variant (or a frame) out of stock cannot be fitted with
 * lenses, so the wizard refuses it before the shopper spends five steps on it.
 */
export function variantStockIssue(context: Pick<CustomiseContext, 'product' | 'variantSelection'>): WizardIssue | null {
  const product = context.product;
  if (!product) return null;
  if (!frameInStock(product)) return { code: 'frameOutOfStock' };
  const variant = chosenVariant(context);
  return variant && !variant.inStock ? { code: 'variantOutOfStock', values: { variant: variantLabelOf(context) } } : null;
}

/** The picture of the frame in the chosen colour: the first variant agreeing with the chosen values that has one. */
export function frameImageOf(context: Pick<CustomiseContext, 'product' | 'variantSelection'>): string | null {
  const product = context.product;
  if (!product) return null;
  const chosen = Object.values(context.variantSelection);
  const variant = chosen.length ? product.variants.find((v) => v.imageUrl && chosen.every((uid) => v.valueUids.includes(uid))) : undefined;
  return variant?.imageUrl ?? product.imageUrl;
}

/** The product page's choice (attribute code → value_index) as the wizard's selection (attribute uid → value uid). */
export function preselectionOf(product: LensProduct, preselect: VariantPreselection): Record<string, string> {
  return Object.fromEntries(
    product.attributes.flatMap((a) => {
      const wanted = preselect[a.code];
      const value =
        wanted === undefined ? undefined : a.values.find((v) => v.valueIndex !== null && v.valueIndex !== undefined && String(v.valueIndex) === wanted);
      return value ? [[a.uid, value.uid]] : [];
    }),
  );
}

// --- prescription ---------------------------------------------------------------------------------

export const needsPrescription = (usage: UsageChoice | null) => usage !== null && usage !== 'NON_PRESCRIPTION' && usage !== FRAME_ONLY;

/** The frame alone, without lenses (ADR 035 "Frame only"): no prescription, no lens options, the frame's price. */
export const frameAlone = (usage: UsageChoice | null) => usage === FRAME_ONLY;

/** The valid prescription the form holds (checked for the wizard's usage and frame), or null. */
function typedPrescriptionOf(context: Pick<CustomiseContext, 'form'>): Prescription | null {
  return formPrescriptionOf(context.form.getSnapshot());
}

/** The prescription the lenses are made for, when it is known and valid (typed in or saved). */
export function knownPrescription(context: CustomiseContext): Prescription | null {
  if (!needsPrescription(context.usage) || (context.method !== 'typed' && context.method !== 'saved')) return null;
  return typedPrescriptionOf(context);
}

export function fileIssueOf(file: PrescriptionFile): WizardIssue | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return { code: 'fileType' };
  if (file.size > MAX_UPLOAD_BYTES) return { code: 'fileTooLarge', values: { size: (file.size / 1024 / 1024).toFixed(1) } };
  return null;
}

/** Whether the prescription step can be left: what the chosen method needs is there and valid. */
export function prescriptionStepIssue(context: CustomiseContext): WizardIssue | 'invalid' | null {
  switch (context.method) {
    case 'later':
      return null;
    case 'upload':
      if (!context.file) return { code: 'fileRequired' };
      if (context.upload) return null;
      return context.uploadError === null && context.uploadProgress !== null ? { code: 'fileUploading' } : { code: 'fileNotUploaded' };
    case 'saved':
      if (!context.savedUid) return { code: 'savedRequired' };
      return typedPrescriptionOf(context) ? null : 'invalid';
    case 'typed':
      return typedPrescriptionOf(context) ? null : 'invalid';
  }
}

/** Lines added before uploads reached the backend: the file was never sent and must be uploaded again. */
const OLD_FILE_TEXT = /^Prescription to follow as a file: (.+) \((.+), (\d+) bytes\)$/;

/** The prescription option's text: the JSON the backend validates, or a note for the optician. */
export function prescriptionOptionText(context: CustomiseContext): string | null {
  if (!needsPrescription(context.usage)) return null;
  if (context.method === 'later') return LATER_TEXT;
  if (context.method === 'upload') return context.file && context.upload ? uploadedPrescriptionText(context.file, context.upload) : null;
  const prescription = knownPrescription(context);
  return prescription ? JSON.stringify(payloadOf(prescription, { withPrism: true })) : null;
}

// --- lenses ---------------------------------------------------------------------------------------

export interface IndexChoice {
  value: IndexOptionValue;
  issue: RuleIssue | null;
}

/** The lenses the lens step offers: a sun lens only as non-prescription sunglasses' own (rules/eyewear `offersLens`). */
export function offeredIndexValues(context: Pick<CustomiseContext, 'product' | 'usage'>): IndexOptionValue[] {
  const frame = context.product?.frame ?? null;
  return (context.product?.indexOption?.values ?? []).filter((value) => offersLens(value, frame, lensUsageOf(context.usage)));
}

export function indexChoicesOf(context: CustomiseContext): IndexChoice[] {
  const rx = knownPrescription(context);
  const frame = context.product?.frame ?? null;
  return offeredIndexValues(context).map((value) => ({ value, issue: lensIndexIssue(value, rx, frame, lensUsageOf(context.usage)) }));
}

/** The index card marked "Recommended for your prescription": the cheapest allowed one as thin as its strength advises. */
export function recommendedIndexUid(context: CustomiseContext): string | null {
  return recommendedIndex(context.product?.indexOption?.values ?? [], knownPrescription(context), context.product?.frame ?? null)?.uid ?? null;
}

/** A warning, not a refusal: the chosen index is thicker than the prescription's strength advises. */
export function indexAdviceOf(context: CustomiseContext): RuleIssue | null {
  const chosen = context.product?.indexOption?.values.find((v) => v.uid === context.indexUid);
  const options = context.product?.indexOption?.values ?? [];
  return chosen ? indexAdviceIssue(chosen, knownPrescription(context), options, context.product?.frame ?? null) : null;
}

export interface CoatingChoice {
  value: CoatingOptionValue;
  /** Why it cannot be added to the chosen coatings ("Not with Photochromic."), or null. */
  issue: RuleIssue | null;
}

/** Each coating with the chosen one that rules it out (one darkening coating per lens). */
export function coatingChoicesOf(context: Pick<CustomiseContext, 'product' | 'coatingUids'> & Partial<Pick<CustomiseContext, 'usage'>>): CoatingChoice[] {
  const values = context.product?.coatingOption?.values ?? [];
  const chosen = values.filter((v) => context.coatingUids.includes(v.uid));
  return values.map((value) => {
    // Non-prescription sunglasses: their sun lens is tinted already (rules/eyewear "sunglasses").
    const sunIssue = sunCoatingIssue(value.kind, lensUsageOf(context.usage ?? null), context.product?.frame ?? null);
    if (sunIssue) return { value, issue: sunIssue };
    const conflict = conflictingCoating(value, chosen);
    return { value, issue: conflict ? { code: 'coatingConflict', values: { coating: conflict.label } } : null };
  });
}

/** Whether the coating can be toggled: always off, on only when no chosen coating rules it out. */
export function coatingToggleAllowed(
  context: Pick<CustomiseContext, 'product' | 'coatingUids'> & Partial<Pick<CustomiseContext, 'usage'>>,
  uid: string,
): boolean {
  if (context.coatingUids.includes(uid)) return true;
  const choice = coatingChoicesOf(context).find((c) => c.value.uid === uid);
  return Boolean(choice) && choice?.issue === null;
}

/**
 * Sunglasses' coatings on entering the lens step (rules/eyewear "sunglasses"): without a
 * prescription, a tint their own sun lens has already is dropped; with one, the sun tint is
 * chosen when no sun coating is, so a prescription lens for sunglasses is never a clear one.
 */
export function sunLensCoatingUids(context: Pick<CustomiseContext, 'product' | 'coatingUids' | 'usage'>): string[] {
  const frame = context.product?.frame ?? null;
  const values = context.product?.coatingOption?.values ?? [];
  const usage = lensUsageOf(context.usage);
  const kept = context.coatingUids.filter((uid) => !sunCoatingIssue(values.find((v) => v.uid === uid)?.kind, usage, frame));
  const chosenKinds = values.filter((v) => kept.includes(v.uid)).map((v) => v.kind);
  const tint = values.find((v) => v.kind === 'sun-tint');
  if (!sunLensIssue(usage, chosenKinds, frame) || !tint) return kept;
  return [...kept.filter((uid) => !conflictingCoating(values.find((v) => v.uid === uid) ?? { uid }, [tint])), tint.uid];
}

/** Refusal of the coatings: a prescription lens for sunglasses needs a sun tint or polarised. */
export function sunLensIssueOf(context: Pick<CustomiseContext, 'product' | 'coatingUids' | 'usage'>): RuleIssue | null {
  const values = context.product?.coatingOption?.values ?? [];
  const kinds = values.filter((v) => context.coatingUids.includes(v.uid)).map((v) => v.kind);
  return sunLensIssue(lensUsageOf(context.usage), kinds, context.product?.frame ?? null);
}

/** Refusal of the whole lens: no index this frame offers suits the prescription. */
export function lensRefusalOf(context: CustomiseContext): RuleIssue | null {
  return lensCombinationIssue(offeredIndexValues(context), knownPrescription(context), context.product?.frame ?? null, lensUsageOf(context.usage));
}

/** The rule that refuses a lens, as an upgrade's reason; none for any other refusal (sunglasses' own sun lens is their lens, not an upgrade). */
function upgradeReasonOf(issue: RuleIssue | null): UpgradeReason | null {
  if (issue?.code === 'indexTooLow') return 'prescription';
  if (issue?.code === 'rimlessMaterial') return 'rimless';
  return null;
}

/**
 * On entering the lens step: keep the chosen index if it still fits, else the first allowed one.
 * The move is an upgrade to explain only when a rule made it, with that rule as its reason: the
 * prescription's strength (a thinner lens), or a rimless frame's drilling (a stronger lens). A first
 * default pick of the cheapest lens is none, and neither is sunglasses' own sun lens.
 */
export function forcedIndexOf(context: CustomiseContext): Pick<CustomiseContext, 'indexUid' | 'forcedIndex'> {
  const values = offeredIndexValues(context);
  const rx = knownPrescription(context);
  const frame = context.product?.frame ?? null;
  const usage = lensUsageOf(context.usage);
  const current = values.find((v) => v.uid === context.indexUid);
  if (current && !lensIndexIssue(current, rx, frame, usage))
    return { indexUid: current.uid, forcedIndex: context.forcedIndex?.toUid === current.uid ? context.forcedIndex : null };
  const allowed = firstAllowedIndex(values, rx, frame, usage);
  if (!allowed) return { indexUid: null, forcedIndex: null };
  const movedFrom = current ?? values[0];
  const reason = movedFrom && movedFrom.uid !== allowed.uid ? upgradeReasonOf(lensIndexIssue(movedFrom, rx, frame, usage)) : null;
  return { indexUid: allowed.uid, forcedIndex: reason ? { fromUid: current?.uid ?? null, toUid: allowed.uid, reason } : null };
}

export function usageChoiceIssue(context: Pick<CustomiseContext, 'product'>, usage: UsageChoice): RuleIssue | null {
  const lenses = lensUsageOf(usage);
  return lenses ? usageIssue(lenses, context.product?.frame ?? null) : null;
}

// --- price and cart -------------------------------------------------------------------------------

export interface PriceLine {
  kind: 'frame' | 'usage' | 'index' | 'coating' | 'prescription';
  label: string;
  amount: number;
}

export interface PriceBreakdown {
  currency: string;
  lines: PriceLine[];
  total: number;
}

export function priceBreakdownOf(context: CustomiseContext): PriceBreakdown | null {
  const product = context.product;
  if (!product) return null;
  const lines: PriceLine[] = [{ kind: 'frame', label: product.name, amount: chosenVariant(context)?.price ?? product.price }];
  const usage = product.usageOption?.values.find((v) => v.usage === context.usage);
  if (usage) lines.push({ kind: 'usage', label: usage.label, amount: usage.price });
  if (needsPrescription(context.usage) && product.prescriptionOption && product.prescriptionOption.price > 0) {
    lines.push({ kind: 'prescription', label: 'Prescription', amount: product.prescriptionOption.price });
  }
  // The frame alone has no lens: the lens choices kept from before (going back keeps them) are not bought.
  const lenses = !frameAlone(context.usage);
  const index = lenses ? product.indexOption?.values.find((v) => v.uid === context.indexUid) : undefined;
  if (index) lines.push({ kind: 'index', label: index.label, amount: index.price });
  for (const coating of lenses ? (product.coatingOption?.values ?? []) : []) {
    if (context.coatingUids.includes(coating.uid)) lines.push({ kind: 'coating', label: coating.label, amount: coating.price });
  }
  // One cart line: its parts before tax added up, then taxed once, as the cart prices it (ADR 040, rules/prices/tax.ts).
  const total = lineWithTaxes(
    lines.map((l) => l.amount),
    product.taxPercents ?? [],
  );
  return { currency: product.currency, lines, total };
}

/**
 * What a lens choice costs as its card shows it, against the shopper's current choice of
 * the same kind: the chosen card (or any card while nothing is chosen, or a coating, which adds to
 * the others) shows its own added price, `included` when it adds nothing; another card shows the
 * difference it would make to the total: `more`, `less` or `same`.
 */
export type PriceDifference =
  { kind: 'included' } | { kind: 'added'; amount: number } | { kind: 'more'; amount: number } | { kind: 'less'; amount: number } | { kind: 'same' };

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function priceDifferenceOf(price: number, chosenPrice: number | null): PriceDifference {
  if (chosenPrice === null) return price === 0 ? { kind: 'included' } : { kind: 'added', amount: cents(price) };
  const difference = cents(price - chosenPrice);
  if (difference > 0) return { kind: 'more', amount: difference };
  if (difference < 0) return { kind: 'less', amount: -difference };
  return { kind: 'same' };
}

/** Each value of a one-of lens option (usage, index) with its price difference against the chosen one. */
export function priceDifferencesOf<V extends { uid: string; price: number }>(values: readonly V[], chosenUid: string | null): Map<string, PriceDifference> {
  const chosen = values.find((v) => v.uid === chosenUid) ?? null;
  return new Map(values.map((v) => [v.uid, priceDifferenceOf(v.price, v === chosen || !chosen ? null : chosen.price)]));
}

/** The lens type (usage) cards' price differences against the chosen usage. */
export function usagePriceDifferences(context: Pick<CustomiseContext, 'product' | 'usage'>): Map<string, PriceDifference> {
  const values = context.product?.usageOption?.values ?? [];
  return priceDifferencesOf(values, values.find((v) => v.usage === context.usage)?.uid ?? null);
}

/** The lens index cards' price differences against the chosen index. */
export function indexPriceDifferences(context: Pick<CustomiseContext, 'product' | 'indexUid'>): Map<string, PriceDifference> {
  return priceDifferencesOf(context.product?.indexOption?.values ?? [], context.indexUid);
}

/** A coating adds to the others: its card shows its own price, whatever else is chosen. */
export function coatingPriceDifferences(context: Pick<CustomiseContext, 'product'>): Map<string, PriceDifference> {
  return priceDifferencesOf(context.product?.coatingOption?.values ?? [], null);
}

/** The cart line: the variant (with its parent), the lens options chosen and the prescription text. */
export function cartItemOf(context: CustomiseContext): LensCartItem | null {
  const product = context.product;
  if (!product) return null;
  const variant = chosenVariant(context);
  if (product.attributes.length && !variant) return null;
  if (variantStockIssue(context)) return null;
  const usageUid = product.usageOption?.values.find((v) => v.usage === context.usage)?.uid;
  // The frame alone travels as its usage value and nothing else (the backend refuses lens options on it, ADR 035).
  const lensUids = frameAlone(context.usage) ? [] : [context.indexUid, ...context.coatingUids];
  const selectedOptions = [usageUid, ...lensUids].filter((u): u is string => Boolean(u));
  const text = prescriptionOptionText(context);
  const enteredOptions = text && product.prescriptionOption ? [{ uid: product.prescriptionOption.uid, value: text }] : [];
  return {
    sku: variant?.sku ?? product.sku,
    ...(variant ? { parentSku: product.sku } : {}),
    quantity: context.editing?.quantity ?? 1,
    selectedOptions,
    enteredOptions,
  };
}

/** What the wizard tells the cart: add its line, or (editing) replace the line being edited, every option included. */
export type CartEventOfWizard = { type: 'cart.addItem'; item: CartItemToAdd; confirmedByPage?: boolean } | { type: 'cart.updateItem'; update: CartItemUpdate };

export function cartOperationOf(context: Pick<CustomiseContext, 'editing'>): CartOperationKind {
  return context.editing ? 'update' : 'add';
}

export function cartEventOf(context: CustomiseContext): CartEventOfWizard | null {
  const line = cartItemOf(context);
  if (!line) return null;
  const item: CartItemToAdd = {
    sku: line.sku,
    ...(line.parentSku ? { parentSku: line.parentSku } : {}),
    quantity: line.quantity,
    selectedOptions: line.selectedOptions,
    enteredOptions: line.enteredOptions,
  };
  // The wizard confirms the addition on its page: the cart raises no toast over it.
  if (!context.editing) return { type: 'cart.addItem', item, confirmedByPage: true };
  return {
    type: 'cart.updateItem',
    update: { itemUid: context.editing.itemUid, quantity: line.quantity, isConfigurable: Boolean(line.parentSku), item },
  };
}

// --- editing from the cart ------------------------------------------------------------------------

/** How a cart line's prescription was given; a typed one comes back as the draft to load into the form. */
function methodOfText(text: string | undefined): (Pick<CustomiseContext, 'method' | 'file' | 'upload'> & { draft: PrescriptionDraft | null }) | null {
  if (!text) return null;
  const uploaded = uploadedPrescriptionOf(text);
  if (uploaded) return { method: 'upload', draft: null, ...uploaded };
  const file = OLD_FILE_TEXT.exec(text);
  if (file) return { method: 'upload', draft: null, file: { name: file[1] as string, type: file[2] as string, size: Number(file[3]) }, upload: null };
  if (text === LATER_TEXT) return { method: 'later', draft: null, file: null, upload: null };
  try {
    const parsed = JSON.parse(text) as Partial<SavedPrescription> & { exam_date?: string };
    if (!parsed.od || !parsed.os || !parsed.pd) return null;
    const draft = draftOfPrescription({ examDate: parsed.exam_date ?? '', od: parsed.od, os: parsed.os, pd: parsed.pd });
    return { method: 'typed', draft, file: null, upload: null };
  } catch {
    return null;
  }
}

/** A cart line read back: the wizard's choices, and the line's typed prescription for the form (or null). */
export interface CartLineChoices {
  choices: Partial<CustomiseContext>;
  draft: PrescriptionDraft | null;
}

/** A cart line's options read back into the wizard's choices (the product must be loaded). */
export function choicesFromCart(product: LensProduct, editing: CartLensChoices): CartLineChoices {
  const variant = product.variants.find((v) => v.sku === editing.variantSku);
  const variantSelection = Object.fromEntries(
    product.attributes.flatMap((a) => {
      const uid = variant?.valueUids.find((u) => a.values.some((v) => v.uid === u));
      return uid ? [[a.uid, uid]] : [];
    }),
  );
  const selected = new Set(editing.selectedOptionUids);
  const usage = product.usageOption?.values.find((v) => selected.has(v.uid))?.usage ?? null;
  const indexUid = product.indexOption?.values.find((v) => selected.has(v.uid))?.uid ?? null;
  const coatingUids = (product.coatingOption?.values ?? []).filter((v) => selected.has(v.uid)).map((v) => v.uid);
  const text = editing.enteredOptions.find((e) => e.uid === product.prescriptionOption?.uid)?.value;
  const { draft = null, ...method } = methodOfText(text) ?? {};
  return { choices: { variantSelection, usage, indexUid, coatingUids, ...method }, draft };
}

// --- kept for a reload (ADR 008) -----------------------------------------------------------------

/** What the wizard keeps of its choices (the typed prescription read from its form). */
export function keptWizardOf(context: CustomiseContext): KeptWizard {
  return {
    urlKey: context.product?.urlKey ?? context.urlKey,
    variantSelection: context.variantSelection,
    usage: context.usage,
    method: context.method,
    savedUid: context.savedUid,
    draft: context.form.getSnapshot().context.draft,
    file: context.upload ? context.file : null,
    upload: context.upload,
    indexUid: context.indexUid,
    coatingUids: context.coatingUids,
    addedItem: context.addedItem,
  };
}

/** Kept choices back into the wizard's (the product must be loaded: values it no longer offers are dropped). */
export function choicesFromKept(product: LensProduct, kept: KeptWizard): CartLineChoices {
  const offers = (values: readonly { uid: string }[] | undefined, uid: string | null) =>
    uid !== null && (values ?? []).some((v) => v.uid === uid) ? uid : null;
  const coatings = new Set((product.coatingOption?.values ?? []).map((v) => v.uid));
  return {
    choices: {
      variantSelection: kept.variantSelection,
      usage: product.usageOption?.values.some((v) => v.usage === kept.usage) ? kept.usage : null,
      method: kept.method,
      savedUid: kept.savedUid,
      file: kept.upload ? kept.file : null,
      upload: kept.upload,
      indexUid: offers(product.indexOption?.values, kept.indexUid),
      coatingUids: kept.coatingUids.filter((uid) => coatings.has(uid)),
    },
    draft: kept.method === 'typed' || kept.method === 'saved' ? kept.draft : null,
  };
}

/** The same line (sku, options and prescription) as one already added. */
export const sameCartItem = (a: CartItemToAdd, b: CartItemToAdd) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A frame with a single value per attribute needs no choice: it is preselected. */
export function defaultVariantSelection(product: LensProduct): Record<string, string> {
  return Object.fromEntries(product.attributes.flatMap((a) => (a.values.length === 1 ? [[a.uid, (a.values[0] as { uid: string }).uid]] : [])));
}

export function hasLensOptions(product: LensProduct): boolean {
  return Boolean(product.usageOption && product.indexOption);
}
