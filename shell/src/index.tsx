import '@crease/ui/tokens.css';
import './shell.css';

// The app lives in its own chunk: the entry (webpack and federation runtimes, React) and the
// app are evaluated in separate tasks, so neither blocks the main thread for long. The edge
// server sends both files together, so this import costs no extra round trip.
import(/* webpackChunkName: "boot" */ './boot')
  .then(({ boot }) => boot())
  .catch((error: unknown) => {
    console.error('[crease] the shell failed to start', error);
    const root = document.getElementById('root');
    if (root) {
      root.innerHTML =
        '<div role="alert" style="padding:2rem;font-family:system-ui"><h1>Crease could not start</h1><p>Please reload the page.</p></div>';
    }
  });
