/** What scoring offers the composition root (issue 33 §3): its routes. */
export { scoringRoutes, SCORING_ROLES } from './routes';
