/** Data the lens wizard (`customise` machine) works with, as the services hand it over. */
import type { CoatingKind, FrameFacts, LensIndexOption, LensUsage, Prescription, PrescriptionDraft, UsageChoice } from '../../../rules/eyewear/prescription';
import type { CartItemToAdd } from '../cart/cart.types';

export type { CoatingKind };

/** One priced value of a lens custom option (`customizable_options` radio/checkbox value). */
export interface LensOptionValue {
  uid: string;
  label: string;
  /** In the store view's currency. */
  price: number;
}

export interface UsageOptionValue extends LensOptionValue {
  /** The lenses' usage, or the frame alone (ADR 035 "Frame only"). */
  usage: UsageChoice;
}

export type IndexOptionValue = LensOptionValue & LensIndexOption;

export interface CoatingOptionValue extends LensOptionValue {
  /** Absent when the title names no coating the shop knows: the card then has no explanation. */
  kind?: CoatingKind;
}

export interface LensOption<TValue extends LensOptionValue = LensOptionValue> {
  /** The custom option's uid. */
  uid: string;
  label: string;
  values: TValue[];
}

/** A configurable attribute of the frame (colour, size) with its value uids. */
export interface FrameAttribute {
  uid: string;
  code: string;
  label: string;
  /** `valueIndex`: Magento's `value_index`, how the product page names the value in the wizard's URL. */
  values: { uid: string; label: string; valueIndex?: number | null }[];
}

export interface FrameVariant {
  sku: string;
  /** The configurable value uids naming this variant (one per attribute). */
  valueUids: string[];
  price: number;
  inStock: boolean;
  /** The variant's own picture (its colour), when it has one. */
  imageUrl?: string | null;
}

/** A frame with its lens options: what the wizard needs from the catalog. */
export interface LensProduct {
  sku: string;
  name: string;
  urlKey: string;
  currency: string;
  /** The frame's own price (lowest final price) when no variant is chosen. */
  price: number;
  imageUrl: string | null;
  /** The frame can be sold at all (a configurable one: some variant is in stock). */
  inStock?: boolean;
  frame: FrameFacts;
  attributes: FrameAttribute[];
  variants: FrameVariant[];
  usageOption: LensOption<UsageOptionValue> | null;
  indexOption: LensOption<IndexOptionValue> | null;
  coatingOption: LensOption<CoatingOptionValue> | null;
  /** The text option (`area`) carrying the prescription. */
  prescriptionOption: { uid: string; price: number; maxCharacters: number | null } | null;
  /**
   * The tax percents the store view's catalog prices include (storeConfig
   * `lunette_catalog_tax_percents`; none where prices are shown without tax): the line's total is
   * taxed once on its parts before tax, as the cart prices it (ADR 040).
   */
  taxPercents?: readonly number[];
}

/** A frame in the "choose a frame" list (no url key in the route). */
export interface FrameSummary {
  urlKey: string;
  name: string;
  price: number;
  currency: string;
  imageUrl: string | null;
}

/** A prescription saved in the customer's account (`LunetteSavedPrescription`). */
export interface SavedPrescription {
  uid: string;
  name: string;
  usage: LensUsage | null;
  examDate: string;
  expiresOn: string;
  isExpired: boolean;
  od: { sph: number; cyl: number; axis: number | null; add: number | null };
  os: { sph: number; cyl: number; axis: number | null; add: number | null };
  pd: { single: number | null; right: number | null; left: number | null };
}

export type PrescriptionMethod = 'typed' | 'saved' | 'upload' | 'later';

/** A prescription photo or PDF the shopper attached: the machine keeps its facts (the bytes travel in the event). */
export interface PrescriptionFile {
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type. */
  type: string;
}

/** The file as the shop module stored it (`POST /rest/V1/lunette/prescription-uploads`). */
export interface UploadedPrescription {
  /** Opaque id of the stored file. */
  id: string;
  /** `<id>.<secret>`: opens the file; it travels in the cart line's prescription option. */
  reference: string;
}

/** What the upload effect needs: the file's facts and its bytes. */
export interface PrescriptionUploadInput {
  file: PrescriptionFile;
  body: Blob;
}

/** What the wizard adds to the cart: the frame variant and its lens options (Magento `CartItemInput`). */
export interface LensCartItem {
  sku: string;
  parentSku?: string;
  quantity: number;
  /** Configurable value uids and radio/checkbox custom option value uids. */
  selectedOptions: string[];
  /** Text custom options, here the prescription. */
  enteredOptions: { uid: string; value: string }[];
}

/** A cart line reopened in the wizard ("edit" in the cart): its options, read back into choices. */
export interface CartLensChoices {
  itemUid: string;
  quantity: number;
  /** The variant's sku (configurable products). */
  variantSku: string | null;
  /** Custom option value uids of the radio/checkbox options. */
  selectedOptionUids: string[];
  /** Text options: option uid + value. */
  enteredOptions: { uid: string; value: string }[];
}

/** The colour and size chosen on the product page: attribute code → Magento `value_index` (`?color=49&size=52`). */
export type VariantPreselection = Record<string, string>;

export interface CustomiseInput {
  urlKey: string | null;
  isSignedIn: boolean;
  /** YYYY-MM-DD, for the exam-date rule. */
  today: string;
  /** The cart line's choices, when known already (stories, tests). */
  editing?: CartLensChoices | null;
  /** The cart line to reopen (`/customize/{urlkey}?edit={itemUid}`): its choices are read from the cart first. */
  editItemUid?: string | null;
  /** The product page's colour and size. */
  preselect?: VariantPreselection | null;
  /** The step the URL names (`?step=lenses`: a reload, or Back into the wizard): opened when its choices allow (ADR 008). */
  step?: CustomiseStep | null;
  /** What the wizard kept of its choices for this URL (the services' session storage), restored with `step`. */
  kept?: KeptWizard | null;
}

/** The wizard's steps, in order. */
export const CUSTOMISE_STEPS = ['frame', 'usage', 'prescription', 'lenses', 'coatings', 'review'] as const;
export type CustomiseStep = (typeof CUSTOMISE_STEPS)[number];

/**
 * What the wizard keeps of its choices on each step it enters, so that a reload (or Back from
 * another page) opens the step it was on with what was chosen and typed (ADR 008). No file bytes:
 * an upload not finished is offered again.
 */
export interface KeptWizard {
  /** The frame the choices are for (a wizard without a url key chooses it again after a reload). */
  urlKey: string | null;
  variantSelection: Record<string, string>;
  usage: UsageChoice | null;
  method: PrescriptionMethod;
  savedUid: string | null;
  /** The prescription typed in (or a saved one loaded into the form). */
  draft: PrescriptionDraft;
  file: PrescriptionFile | null;
  upload: UploadedPrescription | null;
  indexUid: string | null;
  coatingUids: string[];
  /** The line this wizard already added to the cart: the same line is not added twice. */
  addedItem: CartItemToAdd | null;
}

/** The cart machine's events the wizard sends to the system's `cart` actor (see src/machines/cart/cart.types.ts). */
export type CartOperationKind = 'add' | 'update';

export type { FrameFacts, LensUsage, Prescription, PrescriptionDraft, UsageChoice };
