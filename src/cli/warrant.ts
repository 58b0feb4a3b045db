import { UsageError, type Command } from './io.js';

// Placeholder until the command lands; replaced by its implementation.
export const warrantCommand: Command = async () => {
  throw new UsageError('not implemented yet');
};
