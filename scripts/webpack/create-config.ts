import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { PrecompressPlugin } from './precompress-plugin.ts';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export interface AppBuildOptions {
  /** The workspace folder (import.meta.dirname of its webpack.config.ts). */
  dir: string;
  /** Module Federation options of this app (module-federation.config.ts). */
  federation: FederationOptions;
  /** The page title of the app's index.html (the shell's page, or a remote's standalone dev page). */
  title: string;
  port: number;
  favicon?: string;
  devServer?: DevServerConfiguration;
  /** Per-mode tweak, e.g. the shell's dev config.json. */
  extend?: (config: Configuration, production: boolean) => Configuration;
}

interface WebpackArgv {
  mode?: 'production' | 'development' | 'none';
}

/** Rules every frontend build shares: TypeScript (transpile only; `tsc` checks), CSS with the component, images. */
export function moduleRules(production: boolean): NonNullable<Configuration['module']>['rules'] {
  return [
    {
      test: /\.tsx?$/,
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        compilerOptions: {
          noEmit: false,
          allowImportingTsExtensions: false,
          jsx: 'react-jsx',
          module: 'esnext',
          target: 'es2022',
          sourceMap: !production,
        },
      },
    },
    {
      test: /[\\/]locales[\\/][a-z]{2}\.json$/,
      type: 'javascript/auto',
      loader: path.join(import.meta.dirname, 'catalog-loader.cjs'),
    },
    { test: /\.css$/, use: ['style-loader', 'css-loader'] },
    { test: /\.(svg|png|jpe?g|gif|webp)$/, type: 'asset/resource' },
  ];
}

export function createAppConfig(options: AppBuildOptions) {
  return (_env: unknown, argv: WebpackArgv): Configuration => {
    const production = argv.mode !== 'development';
    const config: Configuration = {
      mode: production ? 'production' : 'development',
      context: options.dir,
      entry: './src/index.ts',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(options.dir, 'dist'),
        publicPath: 'auto',
        uniqueName: String(options.federation.name),
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // The landing remote's standalone page builds into dist/standalone in the same run.
        clean: { keep: /^standalone[\\/]/ },
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      module: { rules: moduleRules(production) },
      plugins: [
        new ModuleFederationPlugin({ dts: false, shareStrategy: 'loaded-first', ...options.federation }),
        new HtmlWebpackPlugin({
          template: path.join(import.meta.dirname, 'index.html'),
          title: options.title,
          favicon: options.favicon,
          // Absolute script URLs: the SPA fallback serves this page at any depth (/machines/5).
          publicPath: '/',
          scriptLoading: 'defer',
        }),
        // A build may carry a label (BUILD_LABEL=2026-11-23.1 npm run build -w mfe-machines) that its screens
        // show, so a deploy can be told apart in the browser (README.md#deploying-one-remote); none by default.
        new webpack.DefinePlugin({ __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL ?? '') }),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: options.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        ...options.devServer,
      },
    };
    return options.extend ? options.extend(config, production) : config;
  };
}
