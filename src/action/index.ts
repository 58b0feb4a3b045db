// The action's entry point (action.yml `main: dist/index.js`): everything lives in run().
import { run } from './main.js';

await run();
