import { useParams } from 'react-router-dom';
import { getConfig } from 'shared-ui';
import type { LandingConfig } from '../config';
import { VerifyEntry } from './verify-entry';
import { LandingScreen } from './landing-screen';

// The shell loaded /config.json before it rendered any screen.
const shellConfig = (): Promise<LandingConfig> => Promise.resolve(getConfig());

/**
 * The screen the shell shows at `/landing/:id/:serial?` (exposed as `./Landing`); `/landing/verify` is the
 * verification page, as on the standalone page (a machine's id is a number, never `verify`).
 */
export default function LandingPage() {
  const { id = '', serial } = useParams();
  if (id === 'verify' && serial === undefined) return <VerifyEntry loadConfig={shellConfig} />;
  return <LandingScreen machine={{ id }} serial={serial} loadConfig={shellConfig} />;
}
