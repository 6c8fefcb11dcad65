/** Each frontend and the files a complete build leaves behind (scripts/build-missing.mjs, scripts/deploy-folder.mjs). */
export const frontends = [
  { workspace: 'shell', outputs: ['dist/index.html'] },
  { workspace: 'mfe-certificates', outputs: ['dist/mf-manifest.json', 'dist/remoteEntry.js'] },
  { workspace: 'mfe-machines', outputs: ['dist/mf-manifest.json', 'dist/remoteEntry.js'] },
  {
    workspace: 'mfe-landing',
    outputs: ['dist/mf-manifest.json', 'dist/remoteEntry.js', 'dist/standalone/index.html'],
  },
];
