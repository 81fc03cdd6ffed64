/**
 * Serves what is live (the release map in CREASE_DATA_DIR) without building or promoting, and
 * without the API (production runs it as its own service; its host answers 503 API_UNAVAILABLE
 * here). Used for a second host in tests (a remote on its own origin) and by operators.
 */
import { runEdge } from './run-edge';

runEdge(() => undefined, 'Crease edge is serving', { withApi: false });
