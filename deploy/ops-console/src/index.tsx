import '@crease/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { apiOriginOfPage } from './api/api-origin';
import { OpsConsole } from './ops-console';

const root = document.getElementById('root');
if (root) createRoot(root).render(<OpsConsole apiOrigin={apiOriginOfPage()} />);
