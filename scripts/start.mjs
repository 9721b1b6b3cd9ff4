// `npm start`: installs what is missing, then starts what exists of Kikitori.
import { ensureSetup } from './setup.mjs';

try {
  ensureSetup();
} catch (error) {
  console.error(`setup failed: ${error.message}`);
  process.exit(1);
}
console.log(
  'Kikitori: so far this checkout holds the foundation only (the speech API wire contract in shared/api, ' +
    'the audio fixtures and the test tooling); the local recognition service and the app are not built yet. ' +
    'Run npm test to check it.',
);
