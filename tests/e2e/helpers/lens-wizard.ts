import type { Page } from './test';

/** An exam a month ago: valid for two years (eyewear notes). */
export const recentExamDate = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * The lens wizard (spec §2 /customize/{urlkey}) from its first step to the prescription step: the
 * frame's colour and size, Next, a lens type, Next. Aurora Cat-Eye in black, M, single vision for
 * distance unless told otherwise.
 */
export async function toPrescriptionStep(
  page: Page,
  choice: { frame?: string; colour?: string; size?: string; usage?: RegExp; store?: string } = {},
): Promise<void> {
  const { frame = 'aurora-cat-eye', colour = 'Black', size = 'M', usage = /Single vision – distance/, store = 'ca' } = choice;
  await page.goto(`/${store}/customize/${frame}`);
  await page.getByRole('radio', { name: colour }).check();
  await page.getByRole('radio', { name: size, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: usage }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}
