// One chunk for the code every page runs: the app modules the root layout (app/root.tsx) imports statically.
// Left to itself, Rolldown gives each module the route entries share a chunk of its own (about twenty files
// of 0.1–1 KB on /home), and each small file compresses on its own. The root is on every page, so nothing in
// this chunk is ever loaded for nothing; what only some routes or lazily loaded parts use stays split as before.
import path from "node:path";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const rootModule = path.resolve(import.meta.dirname, "../app/root.tsx");
const isAppModule = (id: string) => !id.includes("node_modules") && !id.includes("?") && !id.startsWith("\0");

/** The chunk name of a module the root reaches through static imports (itself excluded), else null. */
export function shellChunk(): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | undefined;
  return (id, graph) => {
    if (!shell) {
      shell = new Set();
      const queue = [rootModule];
      for (let next = queue.pop(); next; next = queue.pop()) {
        for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) {
          if (isAppModule(imported) && !shell.has(imported)) {
            shell.add(imported);
            queue.push(imported);
          }
        }
      }
    }
    return shell.has(id) ? "shell" : null;
  };
}
