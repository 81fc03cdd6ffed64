/** Support's desk (issue 33 §4, decision 402): what the composition root mounts. */
export { SUPPORT_ROLES, supportRoutes } from './routes';
