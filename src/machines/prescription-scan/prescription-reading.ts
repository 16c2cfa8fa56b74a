/**
 * What the prescription reader hands the scan machine: the prescription it read off a photo of the
 * paper, as a draft of the same form the shopper types into, with the fields it is unsure of.
 * The reader (src/services/prescription-scan/) runs in the browser and sends nothing off the device.
 */
import type { PrescriptionDraft, PrescriptionField } from '../../../rules/eyewear/prescription';

/** The reader's stages, in order, for its progress. */
export type ReadingStage = 'loading' | 'finding-page' | 'cleaning' | 'recognising' | 'reading-layout';

export interface PrescriptionReading {
  /** The fields read, in the form's own text (`-2.25`, `180`, `63`); `''` where nothing was read. */
  draft: PrescriptionDraft;
  /** Fields the reader filled. */
  read: PrescriptionField[];
  /**
   * Fields filled but not sure: a low-confidence or ambiguous read, a sign the paper may have lost,
   * a value a row's neighbours contradict. The form marks each for the shopper to check.
   */
  unsure: PrescriptionField[];
  /** The paper wrote cylinders as plus values; the draft holds them converted to minus cylinder. */
  transposed: boolean;
  /** No prescription table was found on the photo (nothing filled). */
  nothingFound: boolean;
}

export interface ReadPrescriptionOptions {
  signal?: AbortSignal;
  onProgress?: (stage: ReadingStage, fraction: number) => void;
}

/** The reader, as the scan machine's actor calls it. */
export type ReadPrescriptionPhoto = (photo: Blob, options?: ReadPrescriptionOptions) => Promise<PrescriptionReading>;
