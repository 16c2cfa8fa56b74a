import base from './playwright.config.ts';
import { CHROMIUM_ARGS } from './scripts/chromium.ts';
const extra = (process.env.EXP_ARGS ?? '').split(' ').filter(Boolean);
export default {
  ...base,
  workers: 1,
  use: { ...base.use, launchOptions: { ...base.use!.launchOptions, args: [...CHROMIUM_ARGS, ...extra] } },
};
