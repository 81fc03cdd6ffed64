/** The admin's business desk (issue 33 §5, decisions 457–460): what the composition root mounts. */
export { businessRoutes } from './routes';
export { businessFigures, windowsOf } from './figures';
