/** Made by scripts/vite-try-on-assets.ts: where the shop serves the try-on's library, models and WebAssembly. */
declare module 'virtual:try-on-assets' {
  /** `/assets/try-on-<content hash>/`, cached immutably. */
  export const TRY_ON_ASSET_BASE: string;
  /** Bytes of each loading step: the library, then each model (json + weights). */
  export const TRY_ON_STEP_BYTES: { library: number; blazeface: number; facemesh: number; iris: number };
}
