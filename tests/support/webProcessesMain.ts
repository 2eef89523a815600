// `npm start` from the sources (without the page build): the web processes of WEB_PROCESSES, printing
// LISTENING <url> once all of them listen. Run as a file, since cluster.fork() re-runs it in each process.
import { startWebProcesses } from '#server/composition/startWebProcesses.ts';

const url = await startWebProcesses({});
if (url) console.log(`LISTENING ${url}`);
