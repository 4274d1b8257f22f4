/**
 * The console's pages as one module: the route table loads them together (one chunk, and the
 * bundler cuts the code they share with the portal's pages the same way for all three).
 */
export { ConsoleGate } from './console-gate';
export { QueuePage } from './queue-page';
export { ReviewPage } from './review-page';
