import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import { createAppConfig, moduleRules } from '../scripts/webpack/create-config.ts';
import { PrecompressPlugin } from '../scripts/webpack/precompress-plugin.ts';
import { devPorts } from '../scripts/webpack/shared.ts';
import { federation } from './module-federation.config.ts';

const dir = import.meta.dirname;

const federated = createAppConfig({
  dir,
  federation,
  title: 'Prüfbericht – Kundenseite (Remote)',
  port: devPorts.landing,
  devServer: { proxy: [{ context: ['/api', '/config.json'], target: `http://localhost:${devPorts.api}` }] },
});

/**
 * The customer page customers actually open (`/landing/…`): a plain build without Module Federation,
 * so a phone scanning a QR code downloads neither the staff shell nor the federation runtime.
 */
function standalone(_env: unknown, argv: { mode?: string }): Configuration {
  const production = argv.mode !== 'development';
  // A stylesheet instead of style-loader: the page's HTML paints its loading state before any script runs.
  const isCssRule = (rule: unknown) =>
    typeof rule === 'object' &&
    rule !== null &&
    String((rule as { test?: unknown }).test) === String(/\.css$/);
  const rules = [
    ...moduleRules(production)!.filter((rule) => !isCssRule(rule)),
    { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
  ];
  return {
    name: 'standalone',
    mode: production ? 'production' : 'development',
    context: dir,
    entry: './src/standalone/index.tsx',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist', 'standalone'),
      publicPath: '/landing/',
      uniqueName: 'mfe_landing_standalone',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      // Preact runs the same screen here at a tenth of React's size and start-up time (docs/decisions/0001-preact-customer-page.md,
      // Lighthouse on a slow phone). The shell keeps the shared React singleton: only this page is aliased.
      alias: {
        'react/jsx-runtime': 'preact/jsx-runtime',
        'react-dom/client': 'preact/compat/client',
        'react-dom': 'preact/compat',
        react: 'preact/compat',
      },
    },
    module: { rules },
    plugins: [
      new MiniCssExtractPlugin({ filename: production ? '[name].[contenthash:10].css' : '[name].css' }),
      new HtmlWebpackPlugin({
        template: path.join(dir, 'src/standalone/index.html'),
        favicon: path.join(dir, '../shell/src/assets/favicon.svg'),
        scriptLoading: 'defer',
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default [
  (env: unknown, argv: { mode?: 'production' | 'development' }) => ({
    ...federated(env, argv),
    name: 'federated',
  }),
  standalone,
];
