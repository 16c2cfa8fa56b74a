/** Made by scripts/vite-prescription-reader-assets.ts: where the shop serves the prescription reader's OCR files. */
declare module 'virtual:prescription-reader-assets' {
  /** `/assets/prescription-reader-<content hash>/`, cached immutably. */
  export const READER_ASSET_BASE: string;
  /** The core's script per WebAssembly feature level; its `.wasm` sits beside it. */
  export const READER_CORES: { relaxedSimd: string; simd: string; plain: string };
}
