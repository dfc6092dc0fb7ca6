import path from 'node:path';
import webpack, { type Compiler } from 'webpack';

/** Chromium's explicit compile hint for a whole script; it must come before any code. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Starts the JavaScript chunks with Chromium's compile hint: each function of the file is then compiled
 * while the script streams in, on a background thread, instead of on the main thread at its first call.
 * Our chunks are loaded when their code is about to run, so nearly all of it is called; without the hint,
 * compiling on first use made up most of the first render's long tasks on a slow phone. Other browsers read
 * a comment. Chunks holding one of `skipPackages` go without: a large library of which a visit calls only a
 * part is better compiled as it is used.
 *
 * Added after minification (which drops comments) and before the source maps are written, which then
 * account for the extra line. What it saved: docs/adr/0010-compile-hints-in-front-end-chunks.md.
 */
export class CompileHintsPlugin {
  constructor(private readonly options: { skipPackages: readonly string[] }) {}

  apply(compiler: Compiler): void {
    const skipped = this.options.skipPackages.map(
      (name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`,
    );
    compiler.hooks.compilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: CompileHintsPlugin.name,
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        () => {
          for (const chunk of compilation.chunks) {
            const holdsSkipped = Array.from(compilation.chunkGraph.getChunkModulesIterable(chunk)).some(
              (module) => {
                const resource = 'resource' in module ? String(module.resource) : '';
                return skipped.some((folder) => resource.includes(folder));
              },
            );
            if (holdsSkipped) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(
                file,
                (source) => new webpack.sources.ConcatSource(COMPILE_HINT, '\n', source),
              );
            }
          }
        },
      );
    });
  }
}
