/** Live capture: watch the agents' files and archive every appended line as it is written. */
export { LiveCapture, type LiveChange, type LiveOptions } from '../capture/live';
