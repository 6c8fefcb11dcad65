import { registerPlugins } from '@module-federation/enhanced/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, loadConfig, messages } from 'shared-ui';
import { App } from './app/app';
import { registerRemotesFromConfig } from './federation/remotes';
import { fallbackPlugin, retryPlugin } from './federation/runtime-plugins';
import RemoteUnavailable from './federation/remote-unavailable';

const root = createRoot(document.getElementById('root')!);

async function start() {
  try {
    const config = await loadConfig();
    registerPlugins([retryPlugin(), fallbackPlugin(RemoteUnavailable)]);
    registerRemotesFromConfig(config);
  } catch (error) {
    console.error(error);
    root.render(
      <main className="sh-config-error" role="alert">
        <p>{messages.configFailed}</p>
        <button type="button" className="sui-button" onClick={() => window.location.reload()}>
          {messages.retry}
        </button>
      </main>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

void start();
