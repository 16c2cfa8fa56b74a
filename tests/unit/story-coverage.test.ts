// @vitest-environment jsdom
/**
 * Every state of every machine has a story, and this test proves it.
 * Story modules are imported (they import React views, hence jsdom) and each story's machine
 * snapshot is started exactly as the Storybook decorator starts it.
 */
import { describe, expect, it } from 'vitest';
import { assign, createMachine } from 'xstate';
import { storiesOfModule, storyCoverage, type StoryParametersEntry } from '../../.storybook/story-coverage';
import { storyMachineCatalog } from '../../.storybook/story-machine-catalog';
import { startStoryMachines, statesShownBy } from '../../.storybook/story-machines';

// The same files as .storybook/main.ts `stories`.
const storyModuleLoaders = import.meta.glob(['/src/**/*.stories.tsx', '/src/**/*.stories.ts']);

/** The machine inspector's own stories (statechart diagrams), under src/ui/inspector/. */
function isInspectorDiagram(file: string): boolean {
  return file.startsWith('/src/ui/inspector/');
}

async function loadAllStories(): Promise<StoryParametersEntry[]> {
  const stories: StoryParametersEntry[] = [];
  for (const [file, load] of Object.entries(storyModuleLoaders).sort(([a], [b]) => a.localeCompare(b))) {
    // A state counts only when a shop view renders it. The inspector's statechart stories
    // draw a machine as a diagram, which shows nothing a shopper or a designer would see.
    if (isInspectorDiagram(file)) continue;
    let module: unknown;
    try {
      module = await load();
    } catch (error) {
      throw new Error(`Story file ${file} could not be imported: ${error instanceof Error ? error.message : String(error)}`);
    }
    stories.push(...storiesOfModule(file, module as Parameters<typeof storiesOfModule>[1]));
  }
  return stories;
}

describe('story coverage', () => {
  it('every machine of the catalog starts in a story from its story input', () => {
    const { actors } = startStoryMachines({});
    for (const { id } of storyMachineCatalog) {
      expect(actors[id]?.getSnapshot().status, `machine ${id}`).toBe('active');
    }
  });

  it('the inspector diagrams are left out of the count, and there are some to leave out', () => {
    const files = Object.keys(storyModuleLoaders);
    expect(files.filter(isInspectorDiagram).length).toBeGreaterThan(0);
    expect(files.filter((file) => !isInspectorDiagram(file)).length).toBeGreaterThan(0);
  });

  it('every state of every machine has a story rendered through a view', async () => {
    const stories = await loadAllStories();
    expect(stories.length).toBeGreaterThan(0);
    const coverage = storyCoverage(storyMachineCatalog, stories);
    const problems = [
      ...coverage.missing.map((state) => `no story shows ${state}`),
      ...coverage.unknownDeclared.map(({ story, state }) => `story "${story}" declares ${state}, which no machine has`),
    ];
    if (problems.length > 0) {
      throw new Error(
        `${coverage.allStates.length - coverage.missing.length} of ${coverage.allStates.length} states have a story.\n` +
          `${problems.join('\n')}\n` +
          'Show a state with parameters.shop.machines.<id> = { value, context, events } or list it in parameters.machineStates (see .storybook/shop-decorator.tsx).',
      );
    }
    console.log(`${coverage.allStates.length} of ${coverage.allStates.length} states have a story`);
  }, 120_000);
});

describe('the coverage check itself', () => {
  const door = createMachine({
    id: 'door',
    context: { opens: 0 },
    initial: 'closed',
    states: {
      closed: { on: { open: { target: 'open', actions: assign({ opens: ({ context }) => context.opens + 1 }) } } },
      open: { initial: 'swinging', states: { swinging: { on: { stop: 'still' } }, still: {} }, on: { close: 'closed' } },
      broken: { type: 'final' },
    },
  });
  const catalog = [{ id: 'door', machine: door }];

  it('names each state that no story shows', () => {
    const coverage = storyCoverage(catalog, [{ name: 'Door › Closed', parameters: { shop: { machines: { door: { value: 'closed' } } } } }]);
    expect(coverage.allStates).toEqual(['door.closed', 'door.open', 'door.open.swinging', 'door.open.still', 'door.broken']);
    expect(coverage.missing).toEqual(['door.open', 'door.open.swinging', 'door.open.still', 'door.broken']);
  });

  it('counts the states a story reaches with events, ancestors included', () => {
    const shown = statesShownBy({ shop: { machines: { door: { events: [{ type: 'open' }, { type: 'stop' }] } } } }, catalog);
    expect(shown.sort()).toEqual(['door.open', 'door.open.still']);
  });

  it('counts states declared in parameters.machineStates and reports those no machine has', () => {
    const coverage = storyCoverage(catalog, [{ name: 'Door › Notes', parameters: { machineStates: ['door.broken', 'door.ajar'] } }]);
    expect(coverage.storiesByState.get('door.broken')).toEqual(['Door › Notes']);
    expect(coverage.unknownDeclared).toEqual([{ story: 'Door › Notes', state: 'door.ajar' }]);
  });

  it('rejects a story snapshot that is not a state of the machine, naming the story', () => {
    expect(() => storyCoverage(catalog, [{ name: 'Door › Typo', parameters: { shop: { machines: { door: { value: 'opne' } } } } }])).toThrow(
      /Story "Door › Typo": parameters.shop.machines.door.value "opne" is not a state of the door machine/,
    );
  });

  it('merges meta and story parameters as Storybook does', () => {
    const stories = storiesOfModule('door.stories.tsx', {
      default: { title: 'Door', parameters: { shop: { locale: 'fr-FR', machines: { door: { value: 'closed' } } } }, excludeStories: ['helper'] },
      Open: { parameters: { shop: { machines: { door: { value: { open: 'still' } } } } } },
      helper: {},
    });
    expect(stories).toEqual([{ name: 'Door › Open', parameters: { shop: { locale: 'fr-FR', machines: { door: { value: { open: 'still' } } } } } }]);
  });
});
