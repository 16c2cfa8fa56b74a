import type { Plugin } from 'vite';

/** The public face of a feature of src/ui (.dependency-cruiser.cjs): re-exports only, no side effects. */
export const FEATURE_INDEX = /[\\/]src[\\/]ui[\\/][^\\/]+[\\/]index\.ts$/;

/** A `codeSplitting` group of rolldown's: which modules it captures into which chunk. */
export interface ShellChunkGroup {
  name: string;
  priority: number;
  test: (id: string) => boolean;
}

/**
 * Every module the shop's entry imports statically (the code of its first render) in one `shell`
 * chunk. Left to the bundler, each module that the entry shares with a lazy page became a chunk of
 * its own: some twenty files of 0.5–3 kB that a phone fetches before anything runs, six at a time
 * over HTTP/1.1, one round trip per wave. Lazy pages import what they share from the shell chunk,
 * which is loaded already; what only lazy pages use stays in their chunks.
 */
export function entryShellChunk(): { plugin: Plugin; group: ShellChunkGroup } {
  const staticGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'lunette:entry-shell-chunk',
    apply: 'build',
    buildEnd() {
      staticGraph.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (staticGraph.has(id)) continue;
        staticGraph.add(id);
        // A feature's index.ts re-exports what every other feature uses of it, lazy pages included:
        // what the entry's own modules use of it is reached through them, not through the index.
        if (FEATURE_INDEX.test(id)) continue;
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry stays the entry chunk's own: for index.html, that is the page's own scripts (main.tsx).
      for (const entry of entries) {
        staticGraph.delete(entry);
        if (entry.endsWith('.html')) for (const script of this.getModuleInfo(entry)?.importedIds ?? []) staticGraph.delete(script);
      }
    },
  };
  return { plugin, group: { name: 'shell', priority: 10, test: (id) => staticGraph.has(id) } };
}
