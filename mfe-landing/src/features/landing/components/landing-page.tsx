import { useParams } from 'react-router-dom';
import { getConfig } from 'shared-ui';
import type { LandingConfig } from '../config';
import { LandingScreen } from './landing-screen';

// The shell loaded /config.json before it rendered any screen.
const shellConfig = (): Promise<LandingConfig> => Promise.resolve(getConfig());

/** The screen the shell shows at `/landing/:id/:serial?` (exposed as `./Landing`). */
export default function LandingPage() {
  const { id = '', serial } = useParams();
  return <LandingScreen machine={{ id }} serial={serial} loadConfig={shellConfig} />;
}
