/**
 * The machines Storybook starts in every story: the shop's machine registry. The ids are the
 * machines' systemIds and the keys of `ShopActors`.
 */
import { machineCatalog, type MachineCatalogEntry } from '../src/machines/machine-catalog';

export type CatalogMachine = MachineCatalogEntry;

export const storyMachineCatalog: readonly CatalogMachine[] = machineCatalog;
