import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingScreen } from '../features/landing/components/landing-screen';
import { loadConfig } from './load-config';
import { landingRoute } from './route';
import './standalone.css';

const { machine, serial } = landingRoute(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingScreen machine={machine} serial={serial} loadConfig={loadConfig} />
  </StrictMode>,
);
