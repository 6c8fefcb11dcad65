import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingScreen } from '../features/landing/components/landing-screen';
import { loadConfig } from './load-config';
import { VerifyEntry } from '../features/landing/components/verify-entry';
import { isVerifyPath, landingRoute } from './route';
import './standalone.css';

const { machine, serial } = landingRoute(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {isVerifyPath(window.location.pathname) ? (
      <VerifyEntry loadConfig={loadConfig} />
    ) : (
      <LandingScreen machine={machine} serial={serial} loadConfig={loadConfig} />
    )}
  </StrictMode>,
);
