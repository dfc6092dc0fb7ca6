import { createRequire } from 'node:module';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { CompileHintsPlugin } from './compile-hints-plugin.ts';
import { sharedModuleAliases } from './shared-singletons.ts';

const require = createRequire(import.meta.url);
const injectRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin');
/**
 * The plugin that hands the shell's federation runtime to the remotes is added by its CommonJS file, which
 * would bring a second, CommonJS copy of the runtime; its ES module file shares the one already there.
 */
const federationRuntimeAliases: Record<string, string> = {
  [injectRuntimePlugin]: injectRuntimePlugin.replace(/\.cjs$/, '.js'),
};

export interface WebAppOptions {
  /** The app's folder (the one holding package.json and src/). */
  dir: string;
  federation: moduleFederationPlugin.ModuleFederationPluginOptions;
  /** Only the shell has a page of its own; a remote is just its remoteEntry.js. */
  htmlTemplate?: string;
  mode: 'production' | 'development';
  /** webpack's progress line, for `npm start` on a fresh clone. */
  progress?: boolean;
}

export function createWebpackConfig(options: WebAppOptions): Configuration {
  const production = options.mode === 'production';
  const name = (file: string) => (production ? `${file}.[contenthash:12]` : file);
  return {
    mode: options.mode,
    context: options.dir,
    entry: options.htmlTemplate ? { main: './src/index.ts' } : {},
    // No eval in development either: the gateway's Content-Security-Policy (script-src 'self') forbids it.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // Remotes are served under their own prefix; 'auto' finds it from the script's own URL.
      publicPath: 'auto',
      // The federation runtime in an entry chunk resolves the entry's own file name before any hash
      // exists, so entries (main.js, remoteEntry.js) keep plain names, are served no-cache, and
      // index.html asks for main.js?<build hash>. Every other chunk is content-hashed.
      filename: '[name].js',
      chunkFilename: `${name('[name]')}.js`,
      assetModuleFilename: `${name('[name]')}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Our sources import each other with the .ts extension.
      extensionAlias: { '.js': ['.js', '.ts', '.tsx'] },
      alias: { ...sharedModuleAliases, ...federationRuntimeAliases },
    },
    module: {
      // A name missing from a trimmed shared module (see shared-singletons.ts) fails the build, not the page.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          // The contracts are plain declarations: a page that needs three constants must not carry every
          // schema of every service (and zod with them).
          test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/,
          sideEffects: false,
        },
        {
          test: /\.tsx?$/,
          loader: 'esbuild-loader',
          options: { target: 'es2022', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: production ? '[hash:base64:8]' : '[name]__[local]',
                },
              },
            },
          ],
        },
      ],
    },
    optimization: { minimize: production },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        dts: false,
        ...options.federation,
        // One copy of the federation runtime: the shell carries it and the remotes use the shell's.
        experiments: options.federation.exposes
          ? { externalRuntime: true }
          : { provideExternalRuntime: true },
      }),
      ...(production
        ? [
            new CompileHintsPlugin({ skipPackages: ['maplibre-gl'] }),
            new MiniCssExtractPlugin({
              filename: `${name('[name]')}.css`,
              chunkFilename: `${name('[id]')}.css`,
            }),
          ]
        : []),
      ...(options.htmlTemplate
        ? [new HtmlWebpackPlugin({ template: options.htmlTemplate, hash: production, publicPath: '/' })]
        : []),
      ...(options.progress ? [new webpack.ProgressPlugin()] : []),
    ],
  };
}
