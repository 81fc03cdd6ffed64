// @ts-check
// A Module Federation runtime plugin bundled into the shell (decision 084). It does what
// `experiments.provideExternalRuntime` does, but imports the runtime core as an ES module: the
// stock plugin is resolved as CommonJS and so bundled a second copy of the runtime core (about
// 80 KB minified) next to the shell's own, and remotes would have used that copy, not the one
// that holds the shell's share scope.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

/** Must equal the global that `experiments.externalRuntime` makes remotes read. */
const GLOBAL_KEY = '_FEDERATION_RUNTIME_CORE';

export default function provideRuntimeCorePlugin() {
  return {
    name: 'crease-provide-runtime-core',
    /** @param {any} args */
    beforeInit(args) {
      const global = /** @type {Record<string, unknown>} */ (
        /** @type {unknown} */ (runtimeCore.Global)
      );
      // The first provider wins: a page has one shell.
      if (global && typeof global === 'object' && !global[GLOBAL_KEY])
        global[GLOBAL_KEY] = runtimeCore;
      return args;
    },
  };
}
