import '@crease/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { ReleaseConsole } from './release-console';

const root = document.getElementById('root');
if (root) createRoot(root).render(<ReleaseConsole />);
