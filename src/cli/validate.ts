import { UsageError, type Command } from './io.js';

// Placeholder until the command lands; replaced by its implementation.
export const validateCommand: Command = async () => {
  throw new UsageError('not implemented yet');
};
