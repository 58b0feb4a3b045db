// The action's entry point (action.yml `main: dist/index.js`): everything lives in run().
import { run } from './main.js';

await run();
// All work is done. The GitHub client keeps idle keep-alive sockets open for reuse, which would
// hold the process for another ~0.4 s; exit as soon as stdout is flushed (exit code from run()).
process.stdout.write('', () => process.exit());
