import '@crease/ui/tokens.css';
import './shell.css';
import { boot } from './boot';

boot().catch((error: unknown) => {
  console.error('[crease] the shell failed to start', error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<div role="alert" style="padding:2rem;font-family:system-ui"><h1>Crease could not start</h1><p>Please reload the page.</p></div>';
  }
});
