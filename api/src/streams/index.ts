/** What streams offers the features beside it (decision 190). */
export { endAccountStreams } from './stream-closure';
