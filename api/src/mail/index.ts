/**
 * Lifecycle mail (issue 22 §4, decisions 290-291): the job that sends what accounts and billing
 * queue or record, and the templates it renders.
 */
export { LifecycleMailJob } from './lifecycle-mail-job';
export type { LifecycleMailPass } from './lifecycle-mail-job';
export { renderLifecycleMail } from './render-mail';
