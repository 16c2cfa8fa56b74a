/**
 * Which machine states the stories show, and which none does (every state of every machine has a story).
 * The convention a story follows is documented at the top of shop-decorator.tsx.
 */
import { allStateNodes, statechartOf } from '../src/ui/inspector/statechart-model';
import type { CatalogMachine } from './story-machine-catalog';
import { statePath, statesShownBy, type MachineStoryParameters } from './story-machines';

/** A story as Storybook sees it: its name and its parameters (meta's merged with its own). */
export interface StoryParametersEntry {
  name: string;
  parameters: MachineStoryParameters;
}

export interface StoryCoverage {
  /** `<machine id>.<path>` of every state of every machine (atomic, compound, parallel, final). */
  allStates: string[];
  /** The stories showing each state. */
  storiesByState: Map<string, string[]>;
  /** States no story shows. */
  missing: string[];
  /** States stories declare in `parameters.machineStates` that no machine has (typos, renamed states). */
  unknownDeclared: { story: string; state: string }[];
}

/** Every state of every machine, by path: history nodes are pseudo-states and left out. */
export function allMachineStates(catalog: readonly CatalogMachine[]): string[] {
  return catalog.flatMap(({ id, machine }) => allStateNodes(statechartOf(machine).root).map((node) => statePath(id, node.path)));
}

export function storyCoverage(catalog: readonly CatalogMachine[], stories: readonly StoryParametersEntry[]): StoryCoverage {
  const allStates = allMachineStates(catalog);
  const known = new Set(allStates);
  const storiesByState = new Map<string, string[]>(allStates.map((state) => [state, []]));
  const unknownDeclared: StoryCoverage['unknownDeclared'] = [];
  for (const story of stories) {
    let shown: string[];
    try {
      shown = statesShownBy(story.parameters, catalog);
    } catch (error) {
      throw new Error(`Story "${story.name}": ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const state of shown) {
      if (known.has(state)) storiesByState.get(state)!.push(story.name);
      else unknownDeclared.push({ story: story.name, state });
    }
  }
  const missing = allStates.filter((state) => storiesByState.get(state)!.length === 0);
  return { allStates, storiesByState, missing, unknownDeclared };
}

/** Storybook's parameter merge: plain objects merge deeply, anything else is replaced. */
export function mergeParameters(...layers: (Record<string, unknown> | undefined)[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      const existing = merged[key];
      merged[key] = isPlainObject(existing) && isPlainObject(value) ? mergeParameters(existing, value) : value;
    }
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

interface CsfModule {
  default?: { title?: string; parameters?: Record<string, unknown>; includeStories?: unknown; excludeStories?: unknown };
  [exportName: string]: unknown;
}

/** A story of CSF factories (`meta.story(…)`, ADR 024): its annotations and its meta's. */
interface FactoryStory {
  _tag: 'Story';
  input: { parameters?: Record<string, unknown> };
  meta: { input: { title?: string; parameters?: Record<string, unknown> } };
}

const isFactoryStory = (value: unknown): value is FactoryStory => (value as { _tag?: unknown } | null)?._tag === 'Story';

/**
 * The stories of a CSF module with merged parameters: with CSF factories its `meta.story(…)` exports;
 * in CSF 3, the named exports minus those the meta includes/excludes.
 */
export function storiesOfModule(file: string, module: CsfModule): StoryParametersEntry[] {
  const factoryStories = Object.entries(module).filter((entry): entry is [string, FactoryStory] => isFactoryStory(entry[1]));
  if (factoryStories.length > 0) {
    return factoryStories.map(([name, story]) => ({
      name: `${story.meta.input.title ?? file} › ${name}`,
      parameters: mergeParameters(story.meta.input.parameters, story.input.parameters) as MachineStoryParameters,
    }));
  }
  const meta = module.default ?? {};
  const title = meta.title ?? file;
  return Object.entries(module)
    .filter(([name]) => name !== 'default' && name !== '__namedExportsOrder' && isStoryExport(name, meta.includeStories, meta.excludeStories))
    .map(([name, story]) => ({
      name: `${title} › ${name}`,
      parameters: mergeParameters(meta.parameters, (story as { parameters?: Record<string, unknown> } | null)?.parameters) as MachineStoryParameters,
    }));
}

function isStoryExport(name: string, include: unknown, exclude: unknown): boolean {
  const matches = (pattern: unknown) => (Array.isArray(pattern) ? pattern.includes(name) : pattern instanceof RegExp ? pattern.test(name) : false);
  return (include === undefined || matches(include)) && (exclude === undefined || !matches(exclude));
}
