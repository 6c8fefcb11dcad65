import { Type, type Static } from '@sinclair/typebox';
import type { RemoteKey } from './apps';
import { QR_FORMATS } from './gs1';

const Text = Type.String({ minLength: 1 });
// One manifest per remote of apps.ts, no more, no fewer: a remote added there fails typecheck here.
const manifests: Record<RemoteKey, typeof Text> = { certificates: Text, machines: Text, landing: Text };

/**
 * `/config.json` (docs/decisions/0007-runtime-config.md): what every frontend reads at start. Produced by the API
 * (api/src/plugins/frontends.ts) and by the shell's dev server (shell/dev-config.ts, checked when it starts); read
 * by shared-ui and the standalone customer page through runtime-config-check.ts, which browsers can afford (TypeBox is ~12 KB gz).
 */
export const RuntimeConfig = Type.Object({
  /** API base, e.g. `/api` or `https://api.example.com/api`. */
  apiBase: Text,
  /** Public origin printed into QR codes. */
  webBase: Text,
  /** Each remote's `mf-manifest.json`. */
  remotes: Type.Object(manifests),
  /** External label page; null means the built-in `/labels`. */
  labelPrintUrl: Type.Union([Text, Type.Null()]),
  companyName: Text,
  companyAddress: Text,
  /** The manufacturer's contact and logo for customers and the staff header; null or absent when unset. */
  companyEmail: Type.Optional(Type.Union([Text, Type.Null()])),
  companyPhone: Type.Optional(Type.Union([Text, Type.Null()])),
  companyLogo: Type.Optional(Type.Union([Text, Type.Null()])),
  /** What printed QR codes encode (contracts/src/gs1.ts); absent means `landing`. */
  /** The label of the button for signing in with the company account; null or absent when OIDC is not configured. */
  companySignIn: Type.Optional(Type.Union([Text, Type.Null()])),
  qrFormat: Type.Optional(Type.Union(QR_FORMATS.map((format) => Type.Literal(format)))),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;
