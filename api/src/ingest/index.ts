/** What ingest offers the composition root (decision 190): its embedded media server process. */
export { IngestProcess } from './ingest-process';
export { StreamKeys } from './stream-keys';
export { HealthBook } from './health-book';
