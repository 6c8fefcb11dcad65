import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingScreen } from '../features/landing/components/landing-screen';
import { loadConfig } from './load-config';
import { landingRoute } from './route';
import './standalone.css';

const { machineId, serial } = landingRoute(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingScreen machineId={machineId} serial={serial} loadConfig={loadConfig} />
  </StrictMode>,
);
